import { isFirewallOs, type OsIcon, osIcon } from '@portal/shared';

// Each category's mark: its initials on the colour the distribution is known by. Small inline SVGs
// (no vendor logos are shipped); a firewall product gets a shield.
const MARKS: Readonly<Record<OsIcon, readonly [label: string, colour: string]>> = {
  alpine: ['Al', '#0d597f'],
  centos: ['Ce', '#932279'],
  debian: ['De', '#a80030'],
  opensuse: ['Su', '#5f8a1b'],
  rocky: ['Ro', '#10b981'],
  ubuntu: ['Ub', '#e95420'],
  windows: ['Wi', '#0078d4'],
  arista: ['Ar', '#1d3f6e'],
  mikrotik: ['Mt', '#293239'],
  pfsense: ['pf', '#212121'],
  linux: ['Lx', '#505050'],
};

/** The icon of an operating system's category (spec section 9); decorative: the name is shown beside it. */
export function OsIconView({ system, size = 20 }: { system: string; size?: number }) {
  const icon = osIcon(system);
  const [label, colour] = MARKS[icon];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 20 20"
      aria-hidden="true"
      data-os-icon={icon}
      style={{ flexShrink: 0 }}
    >
      {isFirewallOs(icon) ? (
        <path d="M10 1 2 4v5c0 5 3.4 8.6 8 10 4.6-1.4 8-5 8-10V4z" fill={colour} />
      ) : (
        <circle cx="10" cy="10" r="10" fill={colour} />
      )}
      <text
        x="10"
        y="13.5"
        textAnchor="middle"
        fontSize="9"
        fontWeight="600"
        fill="#fff"
        fontFamily="Segoe UI, system-ui, sans-serif"
      >
        {label}
      </text>
    </svg>
  );
}
