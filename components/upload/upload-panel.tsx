"use client";

import { DropZone } from "./drop-zone";
import { useUploads } from "./upload-provider";

/** Where uploads start; their progress shows in the upload tray, on every page. */
export function UploadPanel() {
  const { add } = useUploads();
  return (
    <section aria-labelledby="upload-heading">
      <h2 id="upload-heading" className="sr-only">
        Upload
      </h2>
      <DropZone onFiles={add} />
    </section>
  );
}
