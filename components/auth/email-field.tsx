import { inputStyles, labelStyles } from "@/components/ui/styles";

/** The email input of the sign-in, sign-up and reset forms, with the server's error for it. */
export function EmailField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  return (
    <div>
      <label htmlFor="email" className={labelStyles}>
        Email
      </label>
      <input
        id="email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "email-error" : undefined}
        className={`${inputStyles} mt-1`}
      />
      {error && (
        <p id="email-error" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
