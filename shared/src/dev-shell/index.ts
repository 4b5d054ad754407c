export { mountDevShell, type DevShellRoute } from './mountDevShell';
