/// <reference types="vite/client" />

/** The web app's package.json version, injected by Vite `define` (SPEC §2: the pet sidebar shows it). */
declare const __APP_VERSION__: string;
