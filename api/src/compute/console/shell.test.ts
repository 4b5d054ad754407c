import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatUptime,
  gatewayOf,
  loginScreen,
  macAddress,
  osProfile,
  prompt,
  runCommand,
  type ShellMachine,
  type ShellState,
  words,
} from './shell.js';

const NOW = new Date(Date.UTC(2026, 10, 23, 21, 20, 33));

const web1: ShellMachine = {
  uid: '1a2b3c4d-0000-4000-8000-000000000001',
  name: 'web-1',
  imageName: 'Ubuntu 24.04 LTS',
  system: 'Ubuntu 24.04 LTS',
  vcpus: 2,
  memoryMb: 4096,
  diskGb: 80,
  ipv4: '203.0.113.17',
  ipv6: '2001:db8:1:2::3',
  city: 'Frankfurt',
  createdAt: new Date(Date.UTC(2026, 9, 1)),
  bootedAt: new Date(Date.UTC(2026, 10, 20, 17, 15, 0)),
};

const fresh = (): ShellState => ({ cwd: '/root', cols: 80, rows: 24, history: [] });
const run = (line: string, m = web1, state = fresh()) => runCommand(line, m, NOW, state).output;

describe('the simulated shell', () => {
  it('answers with the machine it runs on', () => {
    expect(run('hostname')).toBe('web-1');
    expect(run('hostname -I')).toBe('203.0.113.17 2001:db8:1:2::3');
    expect(run('whoami')).toBe('root');
    expect(run('id')).toBe('uid=0(root) gid=0(root) groups=0(root)');
    expect(run('nproc')).toBe('2');
    expect(run('date')).toBe('Mon Nov 23 21:20:33 UTC 2026');
    expect(run('pwd')).toBe('/root');
    expect(run('stty size', web1, { ...fresh(), cols: 120, rows: 40 })).toBe('40 120');
    expect(run('tput cols', web1, { ...fresh(), cols: 120, rows: 40 })).toBe('120');
  });

  it('uname tells the kernel of the image', () => {
    expect(run('uname')).toBe('Linux');
    expect(run('uname -r')).toBe('6.8.0-48-generic');
    expect(run('uname -a')).toBe(
      'Linux web-1 6.8.0-48-generic #48-Ubuntu SMP PREEMPT_DYNAMIC Fri Sep 27 14:04:52 UTC 2024 x86_64 x86_64 x86_64 GNU/Linux',
    );
    expect(run('uname -a', { ...web1, system: 'Debian 12' })).toContain('6.1.0-26-amd64');
  });

  it('uptime counts from the last boot', () => {
    expect(run('uptime')).toBe(' 21:20:33 up 3 days,  4:05,  1 user,  load average: 0.08, 0.03, 0.01');
    expect(run('uptime -p')).toBe('up 3 days, 4 hours, 5 minutes');
    expect(formatUptime(NOW, new Date(NOW.getTime() - 7 * 60_000))).toBe(
      ' 21:20:33 up 7 min,  1 user,  load average: 0.08, 0.03, 0.01',
    );
  });

  it('free and df follow the plan', () => {
    const free = run('free -h').split('\n');
    expect(free[0]).toMatch(/^\s+total\s+used\s+free\s+shared\s+buff\/cache\s+available$/);
    expect(free[1]).toMatch(/^Mem:\s+3\.8Gi\s+/);
    expect(free[2]).toMatch(/^Swap:\s+0B\s+0B\s+0B$/);
    const df = run('df -h').split('\n');
    expect(df[0]).toMatch(/^Filesystem\s+Size\s+Used\s+Avail\s+Use%\s+Mounted on$/);
    expect(df.find((l) => l.startsWith('/dev/vda1'))).toMatch(/^\/dev\/vda1\s+79G\s+7G\s+72G\s+9%\s+\/$/);
  });

  it('ip addr shows the real IPv4 and IPv6 on eth0', () => {
    const out = run('ip addr');
    expect(out).toContain('2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP>');
    expect(out).toContain('    inet 203.0.113.17/24 brd 203.0.113.255 scope global eth0');
    expect(out).toContain('    inet6 2001:db8:1:2::3/64 scope global');
    expect(out).toContain(`link/ether ${macAddress(web1.uid)} brd ff:ff:ff:ff:ff:ff`);
    expect(run('ip -4 a')).not.toContain('inet6');
    expect(run('ip route')).toBe(
      'default via 203.0.113.1 dev eth0 proto static\n203.0.113.0/24 dev eth0 proto kernel scope link src 203.0.113.17',
    );
    expect(run('ip foo')).toBe('Object "foo" is unknown, try "ip help".');
    expect(gatewayOf('203.0.113.1')).toBe('203.0.113.254');
  });

  it('cat /etc/os-release names the image', () => {
    expect(run('cat /etc/os-release')).toBe(
      [
        'PRETTY_NAME="Ubuntu 24.04.1 LTS"',
        'NAME="Ubuntu"',
        'VERSION_ID="24.04"',
        'ID=ubuntu',
        'ID_LIKE="debian"',
        'HOME_URL="https://www.ubuntu.com/"',
      ].join('\n'),
    );
    const wordpress = { ...web1, imageName: 'WordPress on Ubuntu 24.04' };
    expect(run('cat /etc/os-release', wordpress)).toContain('VARIANT="WordPress on Ubuntu 24.04"');
    expect(osProfile('Rocky Linux 9').prettyName).toBe('Rocky Linux 9.4 (Blue Onyx)');
    expect(osProfile('pfSense CE 2.7').prettyName).toBe('pfSense CE 2.7');
    expect(run('cat /etc/hostname')).toBe('web-1');
    expect(run('cat /etc/shadow')).toBe('cat: /etc/shadow: No such file or directory');
    expect(run('cat /etc')).toBe('cat: /etc: Is a directory');
  });

  it('ls, cd and pwd move through a small file system', () => {
    const state = fresh();
    expect(run('ls', web1, state)).toBe('');
    expect(run('ls -a', web1, state)).toBe('.  ..  .bashrc  .profile  .ssh');
    expect(run('ls /nope', web1, state)).toBe("ls: cannot access '/nope': No such file or directory");
    expect(run('cd /etc', web1, state)).toBe('');
    expect(state.cwd).toBe('/etc');
    expect(prompt(web1, state.cwd)).toBe('root@web-1:/etc# ');
    expect(run('cat hostname', web1, state)).toBe('web-1');
    expect(run('cd hosts', web1, state)).toBe('bash: cd: hosts: Not a directory');
    expect(run('cd', web1, state)).toBe('');
    expect(prompt(web1, state.cwd)).toBe('root@web-1:~# ');
  });

  it('echo expands quotes and variables', () => {
    expect(run('echo hello   world')).toBe('hello world');
    expect(run('echo "a  b" \'$HOME\' $HOSTNAME')).toBe('a  b $HOME web-1');
    expect(words('echo "x"y \'\'', {})).toEqual(['echo', 'xy', '']);
  });

  it('clear, exit and logout have their effects', () => {
    expect(runCommand('clear', web1, NOW, fresh())).toEqual({ output: '', effect: 'clear' });
    expect(runCommand('exit', web1, NOW, fresh())).toEqual({ output: 'logout', effect: 'logout' });
    expect(runCommand('logout', web1, NOW, fresh())).toEqual({ output: 'logout', effect: 'logout' });
  });

  it('an unknown command is what bash says', () => {
    expect(run('x')).toBe('bash: x: command not found');
    expect(run('  vim /etc/hosts')).toBe('bash: vim: command not found');
    expect(run('sudo hostname')).toBe('web-1');
    expect(run('')).toBe('');
  });

  it('help lists the commands', () => {
    expect(run('help')).toContain(
      'cat cd clear date df echo exit free help history hostname id ip logout ls nproc pwd stty tput uname',
    );
  });

  it('the login screen shows the issue line, the automatic login and the last login', () => {
    const screen = loginScreen(web1, NOW, null);
    expect(screen).toContain('Ubuntu 24.04.1 LTS web-1 ttyS0');
    expect(screen).toContain('web-1 login: root (automatic login)');
    expect(screen).toContain('Welcome to Ubuntu 24.04.1 LTS (GNU/Linux 6.8.0-48-generic x86_64)');
    expect(screen).toContain('IPv4 address:    203.0.113.17');
    expect(screen).toContain('Last login: never');
    expect(loginScreen(web1, NOW, NOW)).toContain('Last login: Mon Nov 23 21:20:33 2026 on ttyS0');
    expect(formatDate(new Date(Date.UTC(2026, 0, 5, 3, 4, 5)))).toBe('Mon Jan  5 03:04:05 UTC 2026');
  });
});
