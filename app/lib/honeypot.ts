/** The name of the hidden field every public form carries: a value in it means a bot filled the form. */
export const HONEYPOT_FIELD = "company_website";
