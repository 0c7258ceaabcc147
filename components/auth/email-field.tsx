import { TextField } from "@/components/ui/text-field";

/** The email input of the sign-in, sign-up and reset forms, with the server's error for it. */
export function EmailField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  return <TextField name="email" label="Email" type="email" autoComplete="email" required defaultValue={defaultValue} error={error} />;
}
