// The same host on rspack's built-in container plugin (webpack 5's Module Federation,
// `ModuleFederationPluginV1`), for comparison with the required `@module-federation/enhanced`:
// bench/lib/floors.mjs. Its remote is declared at build time; never served.
import('./bootstrap-v1');
