/** The formats `prosa import` reads (the importers themselves load only when an import runs). */
export const IMPORT_FORMATS = ['odp', 'patex', 'odp-rejections'] as const;
