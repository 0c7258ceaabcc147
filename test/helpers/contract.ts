import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

/**
 * The contract check: a response the tests receive from the service must be one the OpenAPI
 * document describes, its status documented for that operation and a JSON body matching the
 * response's schema. Throws, so the test that made the call fails.
 */

type Operation = { responses: Record<string, ResponseObject | { $ref: string }> };
type ResponseObject = { content?: Record<string, { schema?: unknown }> };

const DOCUMENT_ID = "https://contract.test/openapi.json";

interface Contract {
  document: { paths: Record<string, Record<string, Operation>>; components: { responses?: Record<string, ResponseObject> } };
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
  /** Documented paths as patterns, the ones with fewer parameters first (as Next.js routes literal segments first). */
  templates: Array<{ template: string; pattern: RegExp }>;
}

let loaded: Promise<Contract> | undefined;

/**
 * Built at the first answer checked, not when the setup file loads: building the OpenAPI document
 * takes seconds, and most unit test files never check an answer.
 */
function contract(): Promise<Contract> {
  loaded ??= import("@/lib/openapi/document").then(({ openApiDocument }) => {
    const document = openApiDocument() as unknown as Contract["document"];
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    const templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
        parameters: (template.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.parameters - b.parameters);
    return { document, ajv, validators: new Map(), templates };
  });
  return loaded;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

function responseOf({ document }: Contract, operation: Operation, status: number): { response: ResponseObject; at: string } | undefined {
  const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in operation.responses);
  if (!key) return undefined;
  const found = operation.responses[key];
  if ("$ref" in found) {
    const name = found.$ref.split("/").at(-1)!;
    return { response: document.components.responses![name], at: pointer("components", "responses", name) };
  }
  return { response: found, at: key };
}

function validatorFor({ ajv, validators }: Contract, at: string): ValidateFunction {
  let validate = validators.get(at);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${at}` });
    validators.set(at, validate);
  }
  return validate;
}

export async function checkContract(method: string, url: string, response: Response): Promise<void> {
  const { pathname } = new URL(url, "http://service.test");
  const verb = method.toUpperCase();
  if (verb === "OPTIONS") return;
  const where = `${verb} ${pathname} answered ${response.status}`;
  const known = await contract();
  const { document, ajv } = known;
  const path = known.templates.find((t) => t.pattern.test(pathname));
  const operation = path && document.paths[path.template][verb === "HEAD" && !document.paths[path.template].head ? "get" : verb.toLowerCase()];
  if (!operation) {
    // An unknown path or method may only be refused, as the catch-all route and methods() do.
    if (response.status === 404 || response.status === 405) return verb === "HEAD" ? undefined : checkErrorsBody(known, where, response);
    throw new Error(`contract: ${where}, but the OpenAPI document has no such operation`);
  }
  const found = responseOf(known, operation, response.status);
  if (!found) throw new Error(`contract: ${where}, a status the OpenAPI document does not list for ${verb} ${path.template}`);
  const content = found.response.content;
  if (!content || verb === "HEAD") return;
  const type = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!(type in content)) {
    throw new Error(`contract: ${where} with content-type ${type || "(none)"}; the OpenAPI document lists ${Object.keys(content).join(", ")}`);
  }
  if (type !== "application/json") return;
  const at = found.at.startsWith("components") ? found.at : pointer("paths", path.template, verb.toLowerCase(), "responses", found.at);
  const validate = validatorFor(known, `${at}/${pointer("content", "application/json", "schema")}`);
  const body: unknown = await response.clone().json();
  if (!validate(body)) {
    throw new Error(`contract: ${where} with a body the OpenAPI document does not allow: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`);
  }
}

async function checkErrorsBody(known: Contract, where: string, response: Response) {
  const validate = validatorFor(known, pointer("components", "schemas", "Errors"));
  const body: unknown = await response.clone().json().catch(() => undefined);
  if (!validate(body)) throw new Error(`contract: ${where} without the {"errors": [...]} body`);
}
