/**
 * The public origin of this service: APP_URL when set, else the origin the client used,
 * honouring X-Forwarded-Proto / X-Forwarded-Host from a proxy in front of the app.
 */
export function publicOrigin(request: Request, appUrl?: string): string {
  if (appUrl) return appUrl;
  const url = new URL(request.url);
  const host = firstValue(request.headers.get("x-forwarded-host")) ?? request.headers.get("host") ?? url.host;
  const proto = firstValue(request.headers.get("x-forwarded-proto")) ?? url.protocol.replace(/:$/, "");
  return `${proto}://${host}`;
}

function firstValue(header: string | null): string | undefined {
  const value = header?.split(",")[0]?.trim();
  return value || undefined;
}
