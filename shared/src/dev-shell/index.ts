export { type DevShellRoute, mountDevShell } from './mountDevShell';
