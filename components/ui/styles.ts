/** Shared Tailwind class lists, so controls look and focus the same everywhere. */
const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors " +
  "disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

export const buttonStyles = {
  primary: `${buttonBase} bg-indigo-600 text-white hover:bg-indigo-500`,
  secondary: `${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  danger: `${buttonBase} bg-red-600 text-white hover:bg-red-500`,
  ghost: `${buttonBase} text-slate-700 hover:bg-slate-100`,
};

export const inputStyles =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 " +
  "focus:border-indigo-500 focus:outline-2 focus:outline-indigo-600 aria-invalid:border-red-500";

export const labelStyles = "block text-sm font-medium text-slate-700";

export const cardStyles = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
