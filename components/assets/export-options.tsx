"use client";

import { useState } from "react";
import { buttonStyles, inputStyles, labelStyles } from "@/components/ui/styles";
import { messagesOf } from "@/lib/client/api";
import type { paths } from "@/lib/client/api-types";

/** `POST /api/asset/{id}/export`'s body. */
export type ExportBody = NonNullable<paths["/api/asset/{id}/export"]["post"]["requestBody"]>["content"]["application/json"];

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
/** The fields holding credentials: not kept in the page once they have been sent. */
const SECRET_FIELDS = ["jwt", "apiKey", "apiSecret"];
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

/** What the form found wrong before sending anything, said as the API's errors are. */
export class ExportFormProblems extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join(" "));
  }
}

/**
 * Where to export and how: IPFS and/or a custom URL, and each one's options. It starts on a choice
 * that can succeed: IPFS with the server's pinning credentials when it has some (`serverPinning`);
 * else a custom URL, since IPFS would need the user's own pinning account (it is one tick away,
 * with a JWT to enter, and no "server default" to choose).
 */
export function useExportChoices(serverPinning: boolean) {
  const [ipfs, setIpfs] = useState(serverPinning);
  const [credentials, setCredentials] = useState<Credentials>(serverPinning ? "server" : "jwt");
  const [metadata, setMetadata] = useState("");
  const [cidVersion, setCidVersion] = useState<0 | 1>(1);
  const [unpinOnDelete, setUnpinOnDelete] = useState(false);
  const [custom, setCustom] = useState(!serverPinning);
  const [method, setMethod] = useState<(typeof METHODS)[number]>("PUT");
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const parsedMetadata = parseMetadata(metadata);
  const metadataInvalid = ipfs && parsedMetadata.error !== undefined;

  /** The request body from the choices and the form's text fields; throws ExportFormProblems. */
  function bodyOf(form: HTMLFormElement): ExportBody {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const problems: string[] = [];
    if (!ipfs && !custom) problems.push("Choose IPFS, a custom URL, or both.");
    if (metadataInvalid) problems.push(`NFT metadata ${parsedMetadata.error}`);
    if (problems.length > 0) throw new ExportFormProblems(problems);

    const body: ExportBody = {};
    if (ipfs) {
      body.ipfs = {
        cidVersion,
        unpinOnDelete,
        ...(credentials === "jwt" && { pinning: { jwt: text("jwt") } }),
        ...(credentials === "keys" && { pinning: { apiKey: text("apiKey"), apiSecret: text("apiSecret") } }),
        ...(parsedMetadata.value && { erc1155Metadata: parsedMetadata.value as NonNullable<ExportBody["ipfs"]>["erc1155Metadata"] }),
      };
    }
    if (custom) {
      const named = headers.filter((row) => row.name.trim() !== "");
      body.custom = { url: text("url"), method, headers: Object.fromEntries(named.map((row) => [row.name.trim(), row.value])) };
    }
    return body;
  }

  return {
    serverPinning,
    ipfs,
    setIpfs,
    credentials,
    setCredentials,
    metadata,
    setMetadata,
    metadataError: metadataInvalid ? parsedMetadata.error : undefined,
    cidVersion,
    setCidVersion,
    unpinOnDelete,
    setUnpinOnDelete,
    custom,
    setCustom,
    method,
    setMethod,
    headers,
    setHeaders,
    bodyOf,
  };
}

export type ExportChoices = ReturnType<typeof useExportChoices>;

/** Empties the credential fields once they have been sent. */
export function forgetCredentials(form: HTMLFormElement) {
  for (const name of SECRET_FIELDS) {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement) input.value = "";
  }
}

/** The errors of a failed export, said with the form's labels. */
export function describeExportFailure(error: unknown): string[] {
  return error instanceof ExportFormProblems ? error.messages : messagesOf(error).map(plainError);
}

/** The destinations' fields: IPFS (credentials, CID version, unpinning, NFT metadata) and a custom URL. */
export function ExportDestinations({ choices, id }: { choices: ExportChoices; id: string }) {
  const { ipfs, custom, credentials, serverPinning, metadataError } = choices;
  return (
    <>
      <fieldset className={ipfs ? sectionOpen : sectionClosed}>
        <legend className="px-1 text-sm font-medium">
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              checked={ipfs}
              onChange={(e) => choices.setIpfs(e.target.checked)}
              aria-describedby={serverPinning ? undefined : `${id}-ipfs-needs`}
              className="h-4 w-4"
            />
            IPFS (pinning service)
          </label>
        </legend>
        {!serverPinning && (
          <p id={`${id}-ipfs-needs`} className={`text-xs text-slate-600 ${ipfs ? "" : "mt-1 ml-7"}`}>
            IPFS keeps a file online only while a pinning service (Pinata, or one with its API) stores it, and
            that takes an account. This server has none of its own (PINATA_JWT is not set): to export to IPFS,
            enter your account&apos;s credentials.
          </p>
        )}
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
                      onChange={() => choices.setCredentials(value)}
                    />
                    {text}
                  </label>
                ))}
              </div>
            </fieldset>
            {credentials === "jwt" && <TextField id={`${id}-jwt`} name="jwt" label="Pinning JWT" type="password" required />}
            {credentials === "keys" && (
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField id={`${id}-key`} name="apiKey" label="API key" type="password" required />
                <TextField id={`${id}-secret`} name="apiSecret" label="API secret" type="password" required />
              </div>
            )}
            {/* One column: in the asset page's side card, half of it cut the version's label short. */}
            <div className="grid gap-3">
              <div>
                <label htmlFor={`${id}-cid-version`} className={labelStyles}>
                  CID version
                </label>
                <select
                  id={`${id}-cid-version`}
                  value={choices.cidVersion}
                  onChange={(e) => choices.setCidVersion(e.target.value === "0" ? 0 : 1)}
                  className={`${inputStyles} mt-1`}
                >
                  <option value="1">1 (bafy…, recommended)</option>
                  <option value="0">0 (Qm…, older tools)</option>
                </select>
              </div>
              <label className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={choices.unpinOnDelete}
                  onChange={(e) => choices.setUnpinOnDelete(e.target.checked)}
                  className="h-4 w-4"
                />
                Unpin when the asset is deleted
              </label>
            </div>
            <div>
              <label htmlFor={`${id}-metadata`} className={labelStyles}>
                NFT metadata (ERC-1155 JSON, optional)
              </label>
              <textarea
                id={`${id}-metadata`}
                value={choices.metadata}
                onChange={(e) => choices.setMetadata(e.target.value)}
                rows={5}
                spellCheck={false}
                aria-invalid={metadataError !== undefined || undefined}
                aria-describedby={`${id}-metadata-help`}
                placeholder={'{\n  "description": "My video",\n  "properties": { "author": "me" }\n}'}
                className={`${inputStyles} mt-1 font-mono`}
              />
              <p id={`${id}-metadata-help`} className={`mt-1 text-xs ${metadataError ? "text-red-700" : "text-slate-500"}`}>
                {metadataError
                  ? `Metadata ${metadataError}`
                  : "Merged into the default document (name, animation_url, properties.video); null removes a key."}
              </p>
            </div>
          </>
        )}
      </fieldset>

      <fieldset className={custom ? sectionOpen : sectionClosed}>
        <legend className="px-1 text-sm font-medium">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" checked={custom} onChange={(e) => choices.setCustom(e.target.checked)} className="h-4 w-4" />
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
                  value={choices.method}
                  onChange={(e) => choices.setMethod(e.target.value as (typeof METHODS)[number])}
                  className={`${inputStyles} mt-1`}
                >
                  {METHODS.map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>
              </div>
            </div>
            <HeadersEditor rows={choices.headers} onChange={choices.setHeaders} idPrefix={`${id}-header`} />
          </>
        )}
      </fieldset>
    </>
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
