/** The account e2e/support/serve.ts seeds by SQL before the server starts, for e2e/large-account.spec.ts. */
export const LARGE_ACCOUNT = {
  email: "large-account@example.com",
  password: "correct horse battery",
  assets: 5000,
};
