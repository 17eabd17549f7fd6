/** An invalid setting in the environment (its own module so `prosa --help` need not load the config schema). */
export class ConfigError extends Error {}
