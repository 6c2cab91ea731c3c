import { staffOnly } from "~/services/session.server";

// The parent of every back-office API route and of the private files in app/routes.ts: its middleware runs before each
// child's loader and action (a parent loader would not: these are resource routes).
export const middleware = [staffOnly];
