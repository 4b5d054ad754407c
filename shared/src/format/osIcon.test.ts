import { describe, expect, it } from 'vitest';
import { isFirewallOs, osIcon } from './osIcon';

describe('osIcon', () => {
  it.each([
    ['Alpine Linux 3.19', 'alpine'],
    ['CentOS Stream 9', 'centos'],
    ['Debian 12', 'debian'],
    ['openSUSE Leap 15.5', 'opensuse'],
    ['Rocky Linux 9.3', 'rocky'],
    ['Ubuntu 22.04', 'ubuntu'],
    ['UBUNTU', 'ubuntu'],
    ['Windows Server 2022', 'windows'],
    ['Arista NG Firewall 17', 'arista'],
    ['Mikrotik CHR 7.14', 'mikrotik'],
    ['pfSense CE 2.7', 'pfsense'],
  ] as const)('%s → %s', (name, icon) => {
    expect(osIcon(name)).toBe(icon);
  });
  it('reads the name and the version together', () => {
    expect(osIcon('ubuntu', '24.04')).toBe('ubuntu');
    expect(osIcon(null, 'Debian 11')).toBe('debian');
  });
  it('treats anything else as linux', () => {
    expect(osIcon('Fedora 40')).toBe('linux');
    expect(osIcon('Arch Linux')).toBe('linux');
    expect(osIcon('')).toBe('linux');
    expect(osIcon()).toBe('linux');
    expect(osIcon(undefined)).toBe('linux');
  });
  it('matches words, not fragments', () => {
    expect(osIcon('Debianesque')).toBe('linux');
    expect(osIcon('Darwin')).toBe('linux');
  });
  it('groups the firewall products', () => {
    expect(isFirewallOs(osIcon('pfSense'))).toBe(true);
    expect(isFirewallOs(osIcon('Mikrotik CHR'))).toBe(true);
    expect(isFirewallOs(osIcon('Arista NG Firewall'))).toBe(true);
    expect(isFirewallOs(osIcon('Ubuntu 22.04'))).toBe(false);
  });
});
