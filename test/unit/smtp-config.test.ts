import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config/config";

describe("SMTP configuration", () => {
  it("is off without SMTP_URL", () => {
    expect(loadConfig({}).smtp).toBeUndefined();
  });

  it("links e-mails to APP_URL, and takes the sender's domain from it", () => {
    expect(loadConfig({ SMTP_URL: "smtps://user:pass@smtp.example.com:465", APP_URL: "https://video.example.com/" }).smtp).toEqual({
      url: "smtps://user:pass@smtp.example.com:465",
      appUrl: "https://video.example.com",
      from: "Video assets <no-reply@video.example.com>",
    });
  });

  it("refuses SMTP_URL without APP_URL: a reset link must not follow a request's Host header", () => {
    expect(() => loadConfig({ SMTP_URL: "smtp://127.0.0.1:25" })).toThrow(/SMTP_URL needs APP_URL/);
  });

  it("refuses a URL that is not SMTP, and SMTP_FROM alone", () => {
    expect(() => loadConfig({ SMTP_URL: "https://example.com", APP_URL: "https://a.example" })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ SMTP_FROM: "me@example.com" })).toThrow(/SMTP_FROM is set but SMTP_URL is not/);
  });
});
