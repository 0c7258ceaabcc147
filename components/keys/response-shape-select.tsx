"use client";

import { useId, useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputStyles, labelStyles } from "@/components/ui/styles";
import type { ApiKey } from "@/lib/auth/schemas";
import { api, dataOf } from "@/lib/client/api";
import { usePendingRequest } from "@/lib/client/use-pending-request";

type Shape = ApiKey["responseShape"];

const SHAPES: Array<{ value: Shape; label: string }> = [
  { value: "auto", label: "Auto: Studio's for the Livepeer SDK, plain for others" },
  { value: "plain", label: "Plain: status is a string" },
  { value: "studio", label: "Studio: Livepeer Studio's status object" },
];

/** How the API answers this key's requests (DESIGN.md section 14); a change holds from the next request on. */
export function ResponseShapeSelect({ apiKey }: { apiKey: ApiKey }) {
  const id = useId();
  const [shape, setShape] = useState<Shape>(apiKey.responseShape);
  const { busy, errors, run } = usePendingRequest();

  const change = (next: Shape) =>
    run(async () => {
      const key = await dataOf(api.PATCH("/api/keys/{id}", { params: { path: { id: apiKey.id } }, body: { responseShape: next } }));
      setShape(key.responseShape);
    });

  return (
    <div className="mt-2 max-w-sm">
      <label htmlFor={id} className={`${labelStyles} text-xs`}>
        Response shape<span className="sr-only"> of {apiKey.name}</span>
      </label>
      <select id={id} value={shape} disabled={busy} onChange={(event) => void change(event.target.value as Shape)} className={`${inputStyles} mt-1`}>
        {SHAPES.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <ErrorAlert messages={errors} />
    </div>
  );
}
