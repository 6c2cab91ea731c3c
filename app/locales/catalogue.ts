// The catalogues' shape, typed from the English files: a key that is not in English fails the typecheck.
// A namespace is one JSON file per language (`en-IN/<namespace>.json`); add a new one here and in the
// three folders. Translators edit the JSON files only (docs/translation.md).
import type accounts from "./en-IN/accounts.json";
import type admin from "./en-IN/admin.json";
import type common from "./en-IN/common.json";
import type contact from "./en-IN/contact.json";
import type dashboard from "./en-IN/dashboard.json";
import type directory from "./en-IN/directory.json";
import type forms from "./en-IN/forms.json";
import type home from "./en-IN/home.json";
import type legal from "./en-IN/legal.json";
import type mails from "./en-IN/mails.json";
import type marketing from "./en-IN/marketing.json";
import type newsletter from "./en-IN/newsletter.json";
import type payments from "./en-IN/payments.json";
import type quotes from "./en-IN/quotes.json";
import type register from "./en-IN/register.json";
import type seller from "./en-IN/seller.json";
import type share from "./en-IN/share.json";

export type Catalogue = {
  accounts: typeof accounts;
  admin: typeof admin;
  common: typeof common;
  contact: typeof contact;
  dashboard: typeof dashboard;
  directory: typeof directory;
  forms: typeof forms;
  home: typeof home;
  legal: typeof legal;
  mails: typeof mails;
  marketing: typeof marketing;
  newsletter: typeof newsletter;
  payments: typeof payments;
  quotes: typeof quotes;
  register: typeof register;
  seller: typeof seller;
  share: typeof share;
};

export type Namespace = keyof Catalogue;

/** Every namespace, for code that cannot list the folder (scripts run without Vite); the catalogue test holds it to the files. */
export const NAMESPACES = [
  "accounts",
  "admin",
  "common",
  "contact",
  "dashboard",
  "directory",
  "forms",
  "home",
  "legal",
  "mails",
  "marketing",
  "newsletter",
  "payments",
  "quotes",
  "register",
  "seller",
  "share",
] as const satisfies readonly Namespace[];

/** Every message's key: `<namespace>.<key in its file>` (`common.nav.directory`). */
export type MessageKey = {
  [NS in Namespace]: `${NS}.${Extract<keyof Catalogue[NS], string>}`;
}[Namespace];

/** The namespaces every page gets (the header, footer, errors and shared components). */
export const SHARED_NAMESPACES = ["common"] as const satisfies readonly Namespace[];
