import type { z } from "zod";
import { ApiError, badRequest } from "./errors";
import { fieldName, findJsonProblem } from "./json-value";

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      const prefix = issue.path.length ? `${fieldName(issue.path)}.` : "";
      return issue.keys.map((key) => `${prefix}${key}: unknown field`).join("; ");
    }
    return `${fieldName(issue.path)}: ${issue.message}`;
  });
}

/** 400 for text that is not JSON, 422 naming each invalid field (NUL and excessive depth included). */
export function parseJsonText<S extends z.ZodType>(text: string, schema: S): z.infer<S> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest("request body is not valid JSON");
  }
  return validateBody(body, schema);
}

/** 422 naming each invalid field of a value parsed from JSON. */
export function validateBody<S extends z.ZodType>(body: unknown, schema: S): z.infer<S> {
  const problem = findJsonProblem(body);
  if (problem) throw new ApiError(422, [problem]);
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(422, describeIssues(result.error));
  return result.data;
}

/** 400 naming each invalid query parameter. */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  const query = Object.fromEntries(url.searchParams);
  const problem = findJsonProblem(query);
  if (problem) throw badRequest(problem.replace(/^body/, "query"));
  const result = schema.safeParse(query);
  if (!result.success) throw new ApiError(400, describeIssues(result.error));
  return result.data;
}
