import type { WebhookLog } from "@/lib/webhooks/schemas";
import { prettyBody } from "./format";

/** The request one attempt sent and the answer it got (the first 4 KiB of its body). */
export function DeliveryExchange({ id, log }: { id: string; log: WebhookLog }) {
  const { request, response } = log;
  return (
    <div id={id} className="grid gap-4 rounded-md bg-slate-50 p-3 text-sm lg:grid-cols-2">
      <section aria-labelledby={`${id}-request`} className="min-w-0 space-y-2">
        <h3 id={`${id}-request`} className="font-semibold">
          Request
        </h3>
        <p className="break-all">
          <code>
            {request.method} {request.url}
          </code>
        </p>
        <dl className="space-y-1 text-xs">
          {Object.entries(request.headers).map(([name, value]) => (
            <div key={name} className="break-all">
              <dt className="inline font-medium text-slate-700">{name}:</dt> <dd className="inline font-mono text-slate-600">{value}</dd>
            </div>
          ))}
        </dl>
        <Body label="Request body" text={prettyBody(request.body)} />
      </section>
      <section aria-labelledby={`${id}-response`} className="min-w-0 space-y-2">
        <h3 id={`${id}-response`} className="font-semibold">
          Response
        </h3>
        {response.status !== undefined ? (
          <>
            <p>
              <code>
                {response.status} {response.statusText}
              </code>
            </p>
            <Body label="Response body" text={response.body ? prettyBody(response.body) : "(empty)"} />
          </>
        ) : (
          <p className="text-red-700">No answer{response.body ? `: ${response.body}` : ""}</p>
        )}
      </section>
    </div>
  );
}

function Body({ label, text }: { label: string; text: string }) {
  return (
    <figure>
      <figcaption className="sr-only">{label}</figcaption>
      <pre className="whitespace-pre-wrap break-all rounded border border-slate-200 bg-white p-2 font-mono text-xs">{text}</pre>
    </figure>
  );
}
