import type { InputHTMLAttributes } from "react";
import { inputStyles, labelStyles } from "@/components/ui/styles";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "className" | "aria-invalid" | "aria-describedby">;

/**
 * A labelled input (its id is its name) and, under it, the server's error for it or else its
 * hint: the note the input is described by. The input is marked invalid while there is an error.
 */
export function TextField({ name, label, error, hint, ...input }: { name: string; label: string; error?: string; hint?: string } & InputProps) {
  const note = error ?? hint;
  const noteId = hint ? `${name}-hint` : `${name}-error`;
  return (
    <div>
      <label htmlFor={name} className={labelStyles}>
        {label}
      </label>
      <input
        id={name}
        name={name}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        className={`${inputStyles} mt-1`}
      />
      {note && (
        <p id={noteId} className={`mt-1 text-xs ${error ? "text-red-700" : "text-slate-500"}`}>
          {note}
        </p>
      )}
    </div>
  );
}
