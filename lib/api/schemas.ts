import { z } from "zod";

/** Every error answer of the API (DESIGN.md section 4): one or more human-readable messages. */
export const errorsSchema = z
  .object({ errors: z.array(z.string()).min(1) })
  .meta({ id: "Errors", example: { errors: ["name: must not be empty"] } });

export type ErrorsBody = z.infer<typeof errorsSchema>;
