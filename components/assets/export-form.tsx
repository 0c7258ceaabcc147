"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles, inputStyles, labelStyles } from "@/components/ui/styles";
import { api, dataOf, messagesOf } from "@/lib/client/api";
import { useHydrated } from "@/lib/client/use-hydrated";

type Credentials = "server" | "jwt" | "keys";
interface HeaderRow {
  key: number;
  name: string;
  value: string;
}

const METHODS = ["PUT", "POST", "PATCH"] as const;
/** A ticked destination is a box around its fields; an unticked one is only its checkbox. */
const sectionOpen = "space-y-3 rounded-md border border-slate-200 px-4 pb-4";
const sectionClosed = "border-0 p-0";
let nextRow = 0;

/** Parses the metadata editor's text: blank is "no metadata", anything else must be a JSON object. */
function parseMetadata(text: string): { value?: Record<string, unknown>; error?: string } {
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return { error: "must be a JSON object, like {\"description\": \"…\"}" };
    return { value: value as Record<string, unknown> };
  } catch (error) {
    return { error: `is not valid JSON: ${(error as Error).message}` };
  }
}

const FIELD_LABELS: Array<[RegExp, (match: RegExpMatchArray) => string]> = [
  [/^ipfs\.(?:pinning|pinata)\.jwt$/, () => "Pinning JWT"],
  [/^ipfs\.(?:pinning|pinata)\.apiKey$/, () => "API key"],
  [/^ipfs\.(?:pinning|pinata)\.apiSecret$/, () => "API secret"],
  [/^ipfs\.(?:pinning|pinata)(?:\..*)?$/, () => "Pinning credentials"],
  [/^ipfs\.(?:erc1155Metadata|nftMetadata)(?:\..*)?$/, () => "NFT metadata"],
  [/^ipfs(?:\..*)?$/, () => "IPFS"],
  [/^custom\.url$/, () => "URL"],
  [/^custom\.method$/, () => "Method"],
  [/^custom\.headers\.(.+)$/, (match) => `Header ${match[1]}`],
  [/^custom(?:\..*)?$/, () => "Custom URL"],
];

const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?)]$/.test(capital) ? capital : `${capital}.`;
};

/**
 * The API names fields by their JSON path (`ipfs.pinning.jwt: must not be empty`); the form says
 * them with its own labels, as sentences (`Pinning JWT: must not be empty.`).
 */
export function plainError(message: string): string {
  const match = message.match(/^([A-Za-z0-9_.-]+): (.*)$/s);
  if (!match) return sentence(message);
  for (const [pattern, label] of FIELD_LABELS) {
    const field = match[1].match(pattern);
    if (field) return `${label(field)}: ${sentence(match[2])}`;
  }
  return sentence(message);
}

/**
 * Starts an export to IPFS and/or a custom URL (POST /api/asset/{id}/export). It starts on a
 * choice that can work: IPFS with the server's pinning credentials when it has some
 * (`serverPinning`), else IPFS with a JWT to enter, and no "server default" to choose.
 */
export function ExportForm({ assetId, serverPinning, onStarted }: { assetId: string; serverPinning: boolean; onStarted(): void }) {
  const id = useId();
  const [ipfs, setIpfs] = useState(true);
  const [credentials, setCredentials] = useState<Credentials>(serverPinning ? "server" : "jwt");
  const [metadata, setMetadata] = useState("");
  const [cidVersion, setCidVersion] = useState<0 | 1>(1);
  const [unpinOnDelete, setUnpinOnDelete] = useState(false);
  const [custom, setCustom] = useState(false);
  const [method, setMethod] = useState<(typeof METHODS)[number]>("PUT");
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // A second submit (a double click, Enter twice) can come before the disabled button renders.
  const submitting = useRef(false);
  const [started, setStarted] = useState(false);
  const hydrated = useHydrated();

  const parsedMetadata = parseMetadata(metadata);
  const metadataInvalid = ipfs && parsedMetadata.error !== undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    setStarted(false);
    const problems: string[] = [];
    if (!ipfs && !custom) problems.push("Choose IPFS, a custom URL, or both.");
    if (metadataInvalid) problems.push(`NFT metadata ${parsedMetadata.error}`);
    if (problems.length > 0) return setErrors(problems);

    const body: Record<string, unknown> = {};
    if (ipfs) {
      const target: Record<string, unknown> = { cidVersion, unpinOnDelete };
      if (credentials === "jwt") target.pinning = { jwt: text("jwt") };
      if (credentials === "keys") target.pinning = { apiKey: text("apiKey"), apiSecret: text("apiSecret") };
      if (parsedMetadata.value) target.erc1155Metadata = parsedMetadata.value;
      body.ipfs = target;
    }
    if (custom) {
      const named = headers.filter((row) => row.name.trim() !== "");
      body.custom = { url: text("url"), method, headers: Object.fromEntries(named.map((row) => [row.name.trim(), row.value])) };
    }

    submitting.current = true;
    setBusy(true);
    setErrors([]);
    try {
      await dataOf(api.POST("/api/asset/{id}/export", { params: { path: { id: assetId } }, body }));
      setStarted(true);
      // Credentials are not kept in the page once they have been sent.
      for (const name of ["jwt", "apiKey", "apiSecret"]) {
        const input = formElement.elements.namedItem(name);
        if (input instanceof HTMLInputElement) input.value = "";
      }
      onStarted();
    } catch (error) {
      setErrors(messagesOf(error).map(plainError));
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  }

  // Errors are about what was sent: once the form changes they no longer apply.
  const clearOutcome = () => {
    if (errors.length > 0) setErrors([]);
    if (started) setStarted(false);
  };

  return (
    <form onSubmit={submit} onChange={clearOutcome} className="space-y-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Export
      </h2>

      <fieldset className={ipfs ? sectionOpen : sectionClosed}>
        <legend className="px-1 text-sm font-medium">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" checked={ipfs} onChange={(e) => setIpfs(e.target.checked)} className="h-4 w-4" />
            IPFS (pinning service)
          </label>
        </legend>
        {ipfs && (
          <>
            <fieldset>
              <legend className={labelStyles}>Pinning credentials</legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {(
                  [
                    ...(serverPinning ? ([["server", "Server default"]] as const) : []),
                    ["jwt", "JWT"],
                    ["keys", "API key and secret"],
                  ] as const
                ).map(([value, text]) => (
                  <label key={value} className="inline-flex items-center gap-2">
                    <input
                      type="radio"
                      name="credentials"
                      value={value}
                      checked={credentials === value}
                      onChange={() => setCredentials(value)}
                    />
                    {text}
                  </label>
                ))}
              </div>
            </fieldset>
            {!serverPinning && (
              <p className="text-xs text-slate-600">This server has no pinning credentials of its own (PINATA_JWT): enter yours.</p>
            )}
            {credentials === "jwt" && <TextField id={`${id}-jwt`} name="jwt" label="Pinning JWT" type="password" required />}
            {credentials === "keys" && (
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField id={`${id}-key`} name="apiKey" label="API key" type="password" required />
                <TextField id={`${id}-secret`} name="apiSecret" label="API secret" type="password" required />
              </div>
            )}
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <label htmlFor={`${id}-cid-version`} className={labelStyles}>
                  CID version
                </label>
                <select
                  id={`${id}-cid-version`}
                  value={cidVersion}
                  onChange={(e) => setCidVersion(e.target.value === "0" ? 0 : 1)}
                  className={`${inputStyles} mt-1`}
                >
                  <option value="1">1 (bafy…, recommended)</option>
                  <option value="0">0 (Qm…, older tools)</option>
                </select>
              </div>
              <label className="inline-flex items-center gap-2 self-end pb-2 text-sm">
                <input type="checkbox" checked={unpinOnDelete} onChange={(e) => setUnpinOnDelete(e.target.checked)} className="h-4 w-4" />
                Unpin when the asset is deleted
              </label>
            </div>
            <div>
              <label htmlFor={`${id}-metadata`} className={labelStyles}>
                NFT metadata (ERC-1155 JSON, optional)
              </label>
              <textarea
                id={`${id}-metadata`}
                value={metadata}
                onChange={(e) => setMetadata(e.target.value)}
                rows={5}
                spellCheck={false}
                aria-invalid={metadataInvalid || undefined}
                aria-describedby={`${id}-metadata-help`}
                placeholder={'{\n  "description": "My video",\n  "properties": { "author": "me" }\n}'}
                className={`${inputStyles} mt-1 font-mono`}
              />
              <p id={`${id}-metadata-help`} className={`mt-1 text-xs ${metadataInvalid ? "text-red-700" : "text-slate-500"}`}>
                {metadataInvalid
                  ? `Metadata ${parsedMetadata.error}`
                  : "Merged into the default document (name, animation_url, properties.video); null removes a key."}
              </p>
            </div>
          </>
        )}
      </fieldset>

      <fieldset className={custom ? sectionOpen : sectionClosed}>
        <legend className="px-1 text-sm font-medium">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" checked={custom} onChange={(e) => setCustom(e.target.checked)} className="h-4 w-4" />
            Custom URL
          </label>
        </legend>
        {custom && (
          <>
            <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem]">
              <TextField id={`${id}-url`} name="url" label="URL" type="url" required placeholder="https://example.com/upload" />
              <div>
                <label htmlFor={`${id}-method`} className={labelStyles}>
                  Method
                </label>
                <select
                  id={`${id}-method`}
                  value={method}
                  onChange={(e) => setMethod(e.target.value as (typeof METHODS)[number])}
                  className={`${inputStyles} mt-1`}
                >
                  {METHODS.map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>
              </div>
            </div>
            <HeadersEditor rows={headers} onChange={setHeaders} idPrefix={`${id}-header`} />
          </>
        )}
      </fieldset>

      <ErrorAlert messages={errors} title="The export was not started" />
      {started && (
        <p role="status" className="text-sm text-green-700">
          Export started. Its progress is shown under Tasks.
        </p>
      )}
      <button type="submit" className={buttonStyles.primary} disabled={busy || metadataInvalid || !hydrated}>
        {busy ? "Starting…" : "Start export"}
      </button>
    </form>
  );
}

function HeadersEditor({ rows, onChange, idPrefix }: { rows: HeaderRow[]; onChange(rows: HeaderRow[]): void; idPrefix: string }) {
  const set = (key: number, patch: Partial<HeaderRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <fieldset>
      <legend className={labelStyles}>Headers</legend>
      <ul className="mt-1 space-y-2">
        {rows.map((row, index) => (
          <li key={row.key} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-2">
            <label htmlFor={`${idPrefix}-${row.key}-name`} className="sr-only">
              Header {index + 1} name
            </label>
            <input
              id={`${idPrefix}-${row.key}-name`}
              value={row.name}
              onChange={(e) => set(row.key, { name: e.target.value })}
              placeholder="Name"
              className={inputStyles}
            />
            <label htmlFor={`${idPrefix}-${row.key}-value`} className="sr-only">
              Header {index + 1} value
            </label>
            <input
              id={`${idPrefix}-${row.key}-value`}
              value={row.value}
              onChange={(e) => set(row.key, { value: e.target.value })}
              placeholder="Value"
              className={inputStyles}
            />
            <button
              type="button"
              className={buttonStyles.ghost}
              onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
            >
              Remove<span className="sr-only"> header {index + 1}</span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${buttonStyles.secondary} mt-2`}
        onClick={() => onChange([...rows, { key: ++nextRow, name: "", value: "" }])}
      >
        Add header
      </button>
    </fieldset>
  );
}

function TextField({
  id,
  label,
  ...input
}: { id: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className={labelStyles}>
        {label}
      </label>
      <input id={id} autoComplete="off" className={`${inputStyles} mt-1`} {...input} />
    </div>
  );
}
