import { checkContract } from "../helpers/contract";

const plainFetch = globalThis.fetch;

/** The service's API answers are under `/api`; the doubles and buckets the tests run use other paths. */
function isServiceAnswer(url: string): boolean {
  const { hostname, pathname } = new URL(url);
  return (hostname === "127.0.0.1" || hostname === "localhost") && pathname.startsWith("/api/");
}

/**
 * Every answer the suite gets from a running service over HTTP keeps the API's contract, whoever
 * asked for it: a helper, a test's own `fetch`, or an SDK such as `livepeer`.
 */
globalThis.fetch = async (input, init) => {
  const response = await plainFetch(input, init);
  const url = response.url || (input instanceof Request ? input.url : String(input));
  if (isServiceAnswer(url)) {
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    await checkContract(method, url, response);
  }
  return response;
};
