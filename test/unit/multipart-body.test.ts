import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { countedStream } from "@/lib/export/byte-stream";
import { multipartBody } from "@/lib/export/multipart-body";

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("multipartBody", () => {
  it("declares exactly the length it streams, and parses back into its parts", async () => {
    const file = Buffer.from("0123456789".repeat(1000));
    const form = multipartBody(
      { pinataOptions: '{"cidVersion":1}', pinataMetadata: '{"name":"x"}' },
      { field: "file", filename: "video.mp4", contentType: "video/mp4", size: file.length, stream: Readable.from([file.subarray(0, 3), file.subarray(3)]) },
    );
    const body = await collect(form.body);
    expect(body.length).toBe(form.length);
    const parsed = await new Response(new Uint8Array(body), { headers: { "content-type": form.contentType } }).formData();
    expect(parsed.get("pinataOptions")).toBe('{"cidVersion":1}');
    expect(parsed.get("pinataMetadata")).toBe('{"name":"x"}');
    const part = parsed.get("file") as File;
    expect(part.name).toBe("video.mp4");
    expect(part.type).toBe("video/mp4");
    expect(Buffer.from(await part.arrayBuffer()).equals(file)).toBe(true);
  });
});

describe("countedStream", () => {
  it("reports the bytes passed so far", async () => {
    const seen: number[] = [];
    await collect(countedStream(Readable.from([Buffer.alloc(3), Buffer.alloc(4)]), 7, (n) => seen.push(n)));
    expect(seen).toEqual([3, 7]);
  });

  it("fails when the source is shorter or longer than declared", async () => {
    await expect(collect(countedStream(Readable.from([Buffer.alloc(3)]), 5, () => {}))).rejects.toThrow(/ended after 3 of 5/);
    await expect(collect(countedStream(Readable.from([Buffer.alloc(6)]), 5, () => {}))).rejects.toThrow(/larger than/);
  });
});
