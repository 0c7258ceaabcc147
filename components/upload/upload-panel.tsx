"use client";

import { DropZone } from "./drop-zone";
import { ImportUrlForm } from "./import-url-form";
import { useUploads } from "./upload-provider";

/** Where uploads start (files, or a URL the service imports); their progress shows in the upload tray and on the asset's page. */
export function UploadPanel() {
  const { add } = useUploads();
  return (
    <section aria-labelledby="upload-heading">
      <h2 id="upload-heading" className="sr-only">
        Upload
      </h2>
      <DropZone onFiles={add} />
      <ImportUrlForm />
    </section>
  );
}
