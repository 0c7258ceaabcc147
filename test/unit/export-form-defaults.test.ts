import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BulkExportForm } from "@/components/assets/bulk-export";
import { ExportForm } from "@/components/assets/export-form";

/** The form as it first shows (the server's render, which the browser hydrates unchanged). */
function firstShown(serverPinning: boolean, form: "one" | "bulk") {
  const html =
    form === "one"
      ? renderToStaticMarkup(createElement(ExportForm, { assetId: "a", serverPinning, onStarted: () => {} }))
      : renderToStaticMarkup(createElement(BulkExportForm, { selected: [], serverPinning }));
  const checkbox = (label: string) => {
    const input = new RegExp(`<input type="checkbox"([^>]*)>\\s*${label.replace(/[()]/g, "\\$&")}`).exec(html)?.[1];
    if (input === undefined) throw new Error(`no checkbox labelled ${label}`);
    return input.includes('checked=""');
  };
  return { html, ipfs: checkbox("IPFS (pinning service)"), custom: checkbox("Custom URL") };
}

describe.each(["one", "bulk"] as const)("the export form (%s asset) starts on what can succeed", (form) => {
  it("with the server's pinning credentials: IPFS, with the server's credentials", () => {
    const shown = firstShown(true, form);
    expect(shown).toMatchObject({ ipfs: true, custom: false });
    expect(/<input type="radio"[^>]*value="server"[^>]*>/.exec(shown.html)?.[0]).toContain('checked=""');
    expect(shown.html).not.toMatch(/PINATA_JWT/);
  });

  it("without them: a custom URL, IPFS unticked, and why IPFS needs the user's own credentials", () => {
    const shown = firstShown(false, form);
    expect(shown).toMatchObject({ ipfs: false, custom: true });
    expect(shown.html).toMatch(/pinning service .*takes an account\. This server has none of its own \(PINATA_JWT is not set\)/s);
    expect(shown.html).not.toMatch(/value="server"/);
  });
});
