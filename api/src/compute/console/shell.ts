import type { ConsoleTarget } from './channel.js';

/**
 * The simulated machine's shell: a root login on the serial console (ttyS0) answering a small set
 * of commands from what the machine is (host name, image, size, addresses, boot time). Pure: a line
 * in, its output out (`\n` line ends; the tty turns them into CR LF). Anything else is what bash says
 * of an unknown command.
 */
export interface ShellMachine extends ConsoleTarget {
  /** When the machine last booted (deploy, start, restart), for `uptime`. */
  bootedAt: Date;
}

export interface ShellState {
  cwd: string;
  cols: number;
  rows: number;
  /** The lines run so far, for `history`. */
  history: string[];
}

export interface CommandResult {
  output: string;
  /** `clear`: clear the screen; `logout`: end the login (a new one follows). */
  effect?: 'clear' | 'logout';
}

interface OsProfile {
  /** `/etc/os-release`'s ID, NAME, VERSION_ID, PRETTY_NAME. */
  id: string;
  name: string;
  versionId: string;
  prettyName: string;
  idLike?: string;
  homeUrl: string;
  kernel: string;
  kernelBuild: string;
}

const PROFILES: ReadonlyArray<{ match: RegExp; profile: (version: string) => OsProfile }> = [
  {
    match: /^Ubuntu (\d+\.\d+)/,
    profile: (v) => ({
      id: 'ubuntu',
      name: 'Ubuntu',
      versionId: v,
      prettyName: v === '22.04' ? 'Ubuntu 22.04.5 LTS' : `Ubuntu ${v}.1 LTS`,
      idLike: 'debian',
      homeUrl: 'https://www.ubuntu.com/',
      kernel: v === '22.04' ? '5.15.0-125-generic' : '6.8.0-48-generic',
      kernelBuild:
        v === '22.04'
          ? '#135-Ubuntu SMP Fri Sep 27 13:53:58 UTC 2024'
          : '#48-Ubuntu SMP PREEMPT_DYNAMIC Fri Sep 27 14:04:52 UTC 2024',
    }),
  },
  {
    match: /^Debian (\d+)/,
    profile: (v) => ({
      id: 'debian',
      name: 'Debian GNU/Linux',
      versionId: v,
      prettyName: `Debian GNU/Linux ${v} (bookworm)`,
      homeUrl: 'https://www.debian.org/',
      kernel: '6.1.0-26-amd64',
      kernelBuild: '#1 SMP PREEMPT_DYNAMIC Debian 6.1.112-1 (2024-09-30)',
    }),
  },
  {
    match: /^Rocky Linux (\d+)/,
    profile: (v) => ({
      id: 'rocky',
      name: 'Rocky Linux',
      versionId: `${v}.4`,
      prettyName: `Rocky Linux ${v}.4 (Blue Onyx)`,
      idLike: 'rhel centos fedora',
      homeUrl: 'https://rockylinux.org/',
      kernel: '5.14.0-427.42.1.el9_4.x86_64',
      kernelBuild: '#1 SMP PREEMPT_DYNAMIC Fri Oct 18 14:35:40 UTC 2024',
    }),
  },
  {
    match: /^CentOS Stream (\d+)/,
    profile: (v) => ({
      id: 'centos',
      name: 'CentOS Stream',
      versionId: v,
      prettyName: `CentOS Stream ${v}`,
      idLike: 'rhel fedora',
      homeUrl: 'https://centos.org/',
      kernel: '5.14.0-522.el9.x86_64',
      kernelBuild: '#1 SMP PREEMPT_DYNAMIC Sun Oct 20 13:04:34 UTC 2024',
    }),
  },
  {
    match: /^Alpine Linux (\d+\.\d+)/,
    profile: (v) => ({
      id: 'alpine',
      name: 'Alpine Linux',
      versionId: `${v}.3`,
      prettyName: `Alpine Linux v${v}`,
      homeUrl: 'https://alpinelinux.org/',
      kernel: '6.6.58-0-virt',
      kernelBuild: '#1-Alpine SMP PREEMPT_DYNAMIC 2024-10-24 08:12:26',
    }),
  },
  {
    match: /^openSUSE Leap (\d+\.\d+)/,
    profile: (v) => ({
      id: 'opensuse-leap',
      name: 'openSUSE Leap',
      versionId: v,
      prettyName: `openSUSE Leap ${v}`,
      idLike: 'suse opensuse',
      homeUrl: 'https://www.opensuse.org/',
      kernel: '6.4.0-150600.23.25-default',
      kernelBuild: '#1 SMP PREEMPT_DYNAMIC Tue Oct 15 08:04:35 UTC 2024 (8f5b6ba)',
    }),
  },
  {
    match: /^Fedora (\d+)/,
    profile: (v) => ({
      id: 'fedora',
      name: 'Fedora Linux',
      versionId: v,
      prettyName: `Fedora Linux ${v} (Server Edition)`,
      homeUrl: 'https://fedoraproject.org/',
      kernel: `6.11.4-201.fc${v}.x86_64`,
      kernelBuild: '#1 SMP PREEMPT_DYNAMIC Sun Oct 20 15:02:33 UTC 2024',
    }),
  },
];

/** What `/etc/os-release` and `uname` say for the machine's operating system. */
export function osProfile(system: string): OsProfile {
  for (const { match, profile } of PROFILES) {
    const found = match.exec(system);
    if (found) return profile(found[1]!);
  }
  // Appliances and anything else: a Debian base, named as the image is.
  return {
    id: 'linux',
    name: system,
    versionId: '',
    prettyName: system,
    idLike: 'debian',
    homeUrl: 'https://www.kernel.org/',
    kernel: '6.1.0-26-amd64',
    kernelBuild: '#1 SMP PREEMPT_DYNAMIC Debian 6.1.112-1 (2024-09-30)',
  };
}

export const HOME = '/root';

/** The prompt of root's bash: `root@web-1:~# `. */
export function prompt(machine: Pick<ShellMachine, 'name'>, cwd: string): string {
  return `root@${machine.name}:${displayPath(cwd)}# `;
}

const displayPath = (cwd: string) =>
  cwd === HOME ? '~' : cwd.startsWith(`${HOME}/`) ? `~${cwd.slice(5)}` : cwd;

const pad2 = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const clock = (d: Date) => `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;

/** `date`'s default format, the machine's clock in UTC: `Mon Nov 23 21:20:33 UTC 2026`. */
export function formatDate(d: Date): string {
  return `${WEEKDAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${clock(d)} UTC ${d.getUTCFullYear()}`;
}

/** `uptime`: ` 21:20:33 up 3 days,  4:05,  1 user,  load average: 0.08, 0.03, 0.01`. */
export function formatUptime(now: Date, bootedAt: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - bootedAt.getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const since =
    (days > 0 ? `${days} day${days === 1 ? '' : 's'}, ` : '') +
    (hours > 0 ? `${String(hours).padStart(2, ' ')}:${pad2(mins)}` : `${mins} min`);
  return ` ${clock(now)} up ${since},  1 user,  load average: 0.08, 0.03, 0.01`;
}

function prettyUptime(now: Date, bootedAt: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - bootedAt.getTime()) / 60_000));
  const parts: string[] = [];
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const weeks = Math.floor(minutes / 10080);
  const days = Math.floor((minutes % 10080) / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (weeks) parts.push(unit(weeks, 'week'));
  if (days) parts.push(unit(days, 'day'));
  if (hours) parts.push(unit(hours, 'hour'));
  if (mins || parts.length === 0) parts.push(unit(mins, 'minute'));
  return `up ${parts.join(', ')}`;
}

/** The machine's MAC address: QEMU's prefix 52:54:00 and three bytes of its uid. */
export function macAddress(uid: string): string {
  const hex = uid
    .replace(/[^0-9a-f]/gi, '')
    .toLowerCase()
    .padEnd(6, '0');
  return `52:54:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

function linkLocal(mac: string): string {
  const b = mac.split(':').map((x) => Number.parseInt(x, 16));
  const h = (x: number, y: number) => ((x << 8) | y).toString(16);
  return `fe80::${h(b[0]! ^ 2, b[1]!)}:${h(b[2]!, 0xff)}:${h(0xfe, b[3]!)}:${h(b[4]!, b[5]!)}`;
}

function ipAddr(m: ShellMachine, family: 'all' | '4' | '6'): string {
  const mac = macAddress(m.uid);
  const lines: string[] = [
    '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000',
    '    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00',
  ];
  const v4 = family !== '6';
  const v6 = family !== '4';
  if (v4) lines.push('    inet 127.0.0.1/8 scope host lo', '       valid_lft forever preferred_lft forever');
  if (v6)
    lines.push(
      '    inet6 ::1/128 scope host noprefixroute',
      '       valid_lft forever preferred_lft forever',
    );
  lines.push(
    '2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UP group default qlen 1000',
    `    link/ether ${mac} brd ff:ff:ff:ff:ff:ff`,
    '    altname enp0s3',
  );
  if (v4 && m.ipv4) {
    const brd = m.ipv4.replace(/\.\d+$/, '.255');
    lines.push(
      `    inet ${m.ipv4}/24 brd ${brd} scope global eth0`,
      '       valid_lft forever preferred_lft forever',
    );
  }
  if (v6) {
    if (m.ipv6)
      lines.push(`    inet6 ${m.ipv6}/64 scope global`, '       valid_lft forever preferred_lft forever');
    lines.push(`    inet6 ${linkLocal(mac)}/64 scope link`, '       valid_lft forever preferred_lft forever');
  }
  return lines.join('\n');
}

/** The /24's router: .1, or .254 for the machine that is .1 itself. */
export function gatewayOf(ipv4: string): string {
  const net = ipv4.replace(/\.\d+$/, '');
  return ipv4.endsWith('.1') ? `${net}.254` : `${net}.1`;
}

function ipRoute(m: ShellMachine): string {
  if (!m.ipv4) return '';
  const net = m.ipv4.replace(/\.\d+$/, '');
  return [
    `default via ${gatewayOf(m.ipv4)} dev eth0 proto static`,
    `${net}.0/24 dev eth0 proto kernel scope link src ${m.ipv4}`,
  ].join('\n');
}

/** `free -h` / `free` (KiB), from the plan's memory: a quiet machine's believable use. */
function free(m: ShellMachine, human: boolean): string {
  const totalMib = Math.round(m.memoryMb * 0.96);
  const used = Math.round(totalMib * 0.17);
  const cache = Math.round(totalMib * 0.24);
  const freeMib = totalMib - used - cache;
  const shared = 1;
  const available = totalMib - used;
  const swap = 0;
  const fmt = (mib: number) => {
    if (!human) return String(mib * 1024);
    if (mib === 0) return '0B';
    return mib >= 1024 ? `${(mib / 1024).toFixed(1)}Gi` : `${mib}Mi`;
  };
  const row = (label: string, cells: string[]) =>
    label.padEnd(8) + cells.map((c) => c.padStart(human ? 11 : 12)).join('');
  const head = ['total', 'used', 'free', 'shared', 'buff/cache', 'available'];
  return [
    row('', head),
    row('Mem:', [totalMib, used, freeMib, shared, cache, available].map(fmt)),
    row('Swap:', [swap, swap, swap].map(fmt)),
  ].join('\n');
}

const diskUsedGb = (m: Pick<ShellMachine, 'diskGb'>) => Math.max(2, Math.round(m.diskGb * 0.09));
const diskPercent = (m: Pick<ShellMachine, 'diskGb'>) => Math.round((diskUsedGb(m) / (m.diskGb - 1)) * 100);

/** `df -h` / `df`: the root disk from the plan, plus the usual tmpfs. */
function df(m: ShellMachine, human: boolean): string {
  const sizeG = m.diskGb - 1;
  const usedG = diskUsedGb(m);
  const availG = sizeG - usedG;
  const pct = `${diskPercent(m)}%`;
  const runM = Math.max(50, Math.round(m.memoryMb / 10));
  const shmG = (m.memoryMb / 1024 / 2).toFixed(1);
  const rows: string[][] = human
    ? [
        ['Filesystem', 'Size', 'Used', 'Avail', 'Use%', 'Mounted on'],
        ['tmpfs', `${runM}M`, '1.0M', `${runM - 1}M`, '1%', '/run'],
        ['/dev/vda1', `${sizeG}G`, `${usedG}G`, `${availG}G`, pct, '/'],
        ['tmpfs', `${shmG}G`, '0', `${shmG}G`, '0%', '/dev/shm'],
        ['/dev/vda15', '105M', '6.1M', '99M', '6%', '/boot/efi'],
      ]
    : [
        ['Filesystem', '1K-blocks', 'Used', 'Available', 'Use%', 'Mounted on'],
        ['tmpfs', String(runM * 1024), '1024', String((runM - 1) * 1024), '1%', '/run'],
        ['/dev/vda1', String(sizeG * 1048576), String(usedG * 1048576), String(availG * 1048576), pct, '/'],
        ['/dev/vda15', '106858', '6186', '100672', '6%', '/boot/efi'],
      ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
        .join(' ')
        .trimEnd(),
    )
    .join('\n');
}

function osRelease(m: ShellMachine): string {
  const p = osProfile(m.system);
  return [
    `PRETTY_NAME="${p.prettyName}"`,
    `NAME="${p.name}"`,
    ...(p.versionId ? [`VERSION_ID="${p.versionId}"`] : []),
    `ID=${p.id}`,
    ...(p.idLike ? [`ID_LIKE="${p.idLike}"`] : []),
    `HOME_URL="${p.homeUrl}"`,
    ...(m.imageName !== m.system ? [`VARIANT="${m.imageName}"`] : []),
  ].join('\n');
}

/** A small read-only file system: enough for `ls`, `cd` and `cat` to answer like a fresh machine. */
function files(m: ShellMachine): Map<string, string | string[]> {
  return new Map<string, string | string[]>([
    [
      '/',
      [
        'bin',
        'boot',
        'dev',
        'etc',
        'home',
        'lib',
        'lib64',
        'lost+found',
        'media',
        'mnt',
        'opt',
        'proc',
        'root',
        'run',
        'sbin',
        'srv',
        'sys',
        'tmp',
        'usr',
        'var',
      ],
    ],
    ['/root', ['.bashrc', '.profile', '.ssh']],
    ['/root/.ssh', ['authorized_keys']],
    ['/home', []],
    ['/tmp', []],
    ['/opt', []],
    ['/srv', []],
    ['/mnt', []],
    ['/media', []],
    ['/var', ['backups', 'cache', 'lib', 'local', 'log', 'mail', 'opt', 'spool', 'tmp']],
    ['/var/log', ['apt', 'auth.log', 'cloud-init.log', 'dmesg', 'journal', 'syslog']],
    [
      '/etc',
      ['fstab', 'hostname', 'hosts', 'issue', 'os-release', 'passwd', 'resolv.conf', 'ssh', 'timezone'],
    ],
    ['/etc/hostname', `${m.name}\n`],
    ['/etc/os-release', `${osRelease(m)}\n`],
    ['/etc/issue', `${osProfile(m.system).prettyName} \\n \\l\n\n`],
    ['/etc/timezone', 'Etc/UTC\n'],
    [
      '/etc/hosts',
      `127.0.0.1 localhost\n127.0.1.1 ${m.name}\n${m.ipv4 ? `${m.ipv4} ${m.name}\n` : ''}\n::1 localhost ip6-localhost ip6-loopback\n`,
    ],
    ['/etc/resolv.conf', 'nameserver 9.9.9.9\nnameserver 149.112.112.112\nsearch .\n'],
    [
      '/etc/fstab',
      'LABEL=cloudimg-rootfs\t/\text4\tdiscard,errors=remount-ro\t0 1\nLABEL=UEFI\t/boot/efi\tvfat\tumask=0077\t0 1\n',
    ],
    [
      '/etc/passwd',
      'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\nsshd:x:106:65534::/run/sshd:/usr/sbin/nologin\n',
    ],
    ['/root/.ssh/authorized_keys', ''],
    [
      '/root/.profile',
      '# ~/.profile: executed by Bourne-compatible login shells.\n\nif [ "$BASH" ]; then\n  if [ -f ~/.bashrc ]; then\n    . ~/.bashrc\n  fi\nfi\n\nmesg n 2> /dev/null || true\n',
    ],
    [
      '/root/.bashrc',
      "# ~/.bashrc: executed by bash(1) for non-login shells.\n\nexport LS_OPTIONS='--color=auto'\nalias ls='ls $LS_OPTIONS'\n",
    ],
  ]);
}

function resolvePath(cwd: string, arg: string): string {
  const raw = arg === '~' ? HOME : arg.startsWith('~/') ? HOME + arg.slice(1) : arg;
  const parts = (raw.startsWith('/') ? raw : `${cwd}/${raw}`).split('/');
  const stack: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') stack.pop();
    else stack.push(part);
  }
  return `/${stack.join('/')}`;
}

/** Splits a command line into words as the shell would for simple cases: quotes and `$VARS`. */
export function words(line: string, vars: Record<string, string>): string[] {
  const out: string[] = [];
  let current = '';
  let started = false;
  let quote: '"' | "'" | null = null;
  const expand = (text: string) =>
    text.replace(
      /\$(\?|\{?[A-Za-z_][A-Za-z0-9_]*\}?)/g,
      (_all, name: string) => vars[name.replace(/[{}]/g, '')] ?? '',
    );
  let chunk = '';
  const flushChunk = (expandIt: boolean) => {
    current += expandIt ? expand(chunk) : chunk;
    chunk = '';
  };
  for (const ch of line) {
    if (quote) {
      if (ch === quote) {
        flushChunk(quote === '"');
        quote = null;
      } else chunk += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      flushChunk(true);
      quote = ch;
      started = true;
      continue;
    }
    if (ch === ' ' || ch === '\t') {
      flushChunk(true);
      if (started || current) out.push(current);
      current = '';
      started = false;
      continue;
    }
    chunk += ch;
    started = true;
  }
  flushChunk(quote !== "'");
  if (started || current) out.push(current);
  return out;
}

/** The commands `help` lists, in its order. */
export const COMMANDS = [
  'cat',
  'cd',
  'clear',
  'date',
  'df',
  'echo',
  'exit',
  'free',
  'help',
  'history',
  'hostname',
  'id',
  'ip',
  'logout',
  'ls',
  'nproc',
  'pwd',
  'stty',
  'tput',
  'uname',
  'uptime',
  'whoami',
] as const;

/** Runs one command line. `state.cwd` may change (`cd`). */
export function runCommand(line: string, m: ShellMachine, now: Date, state: ShellState): CommandResult {
  const vars: Record<string, string> = {
    HOME,
    USER: 'root',
    LOGNAME: 'root',
    HOSTNAME: m.name,
    SHELL: '/bin/bash',
    PWD: state.cwd,
    TERM: 'xterm-256color',
    '?': '0',
  };
  let args = words(line.trim(), vars);
  // `sudo` as root just runs the command.
  while (args[0] === 'sudo') args = args.slice(1);
  const [command, ...rest] = args;
  if (!command) return { output: '' };
  const flags = rest.filter((a) => a.startsWith('-')).join('');
  const operands = rest.filter((a) => !a.startsWith('-'));
  const fs = files(m);
  const profile = osProfile(m.system);
  switch (command) {
    case 'hostname':
      if (flags.includes('I')) return { output: [m.ipv4, m.ipv6].filter(Boolean).join(' ') };
      return { output: m.name };
    case 'uname': {
      const field = {
        s: 'Linux',
        n: m.name,
        r: profile.kernel,
        v: profile.kernelBuild,
        m: 'x86_64',
        p: 'x86_64',
        i: 'x86_64',
        o: 'GNU/Linux',
      } as const;
      if (flags.includes('a')) return { output: Object.values(field).join(' ') };
      const asked = [...flags.replace(/-/g, '')].filter((f): f is keyof typeof field => f in field);
      return { output: asked.length ? asked.map((f) => field[f]).join(' ') : 'Linux' };
    }
    case 'uptime':
      if (flags.includes('p')) return { output: prettyUptime(now, m.bootedAt) };
      if (flags.includes('s')) {
        const b = m.bootedAt;
        return {
          output: `${b.getUTCFullYear()}-${pad2(b.getUTCMonth() + 1)}-${pad2(b.getUTCDate())} ${clock(b)}`,
        };
      }
      return { output: formatUptime(now, m.bootedAt) };
    case 'whoami':
      return { output: 'root' };
    case 'id':
      return { output: 'uid=0(root) gid=0(root) groups=0(root)' };
    case 'date':
      return { output: formatDate(now) };
    case 'free':
      return { output: free(m, flags.includes('h')) };
    case 'df':
      return { output: df(m, flags.includes('h')) };
    case 'nproc':
      return { output: String(m.vcpus) };
    case 'stty':
      // The terminal's size as the client last reported it (`resize`).
      if (operands[0] === 'size') return { output: `${state.rows} ${state.cols}` };
      return { output: 'speed 115200 baud; line = 0;\n-brkint -imaxbel iutf8' };
    case 'tput':
      if (operands[0] === 'cols') return { output: String(state.cols) };
      if (operands[0] === 'lines') return { output: String(state.rows) };
      return { output: '' };
    case 'pwd':
      return { output: state.cwd };
    case 'ip': {
      const family = flags.includes('6') ? '6' : flags.includes('4') ? '4' : 'all';
      const object = operands[0] ?? '';
      if (['a', 'addr', 'address'].includes(object)) return { output: ipAddr(m, family) };
      if (['r', 'route'].includes(object)) return { output: ipRoute(m) };
      if (object === '') {
        return {
          output:
            'Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }\nwhere  OBJECT := { address | route | link | ... }',
        };
      }
      return { output: `Object "${object}" is unknown, try "ip help".` };
    }
    case 'echo':
      return { output: (rest[0] === '-n' ? rest.slice(1) : rest).join(' ') };
    case 'cat': {
      const out: string[] = [];
      for (const operand of operands) {
        const path = resolvePath(state.cwd, operand);
        const entry = fs.get(path);
        if (entry === undefined) out.push(`cat: ${operand}: No such file or directory\n`);
        else if (Array.isArray(entry)) out.push(`cat: ${operand}: Is a directory\n`);
        else out.push(entry);
      }
      return { output: out.join('').replace(/\n$/, '') };
    }
    case 'ls': {
      const all = flags.includes('a');
      const long = flags.includes('l');
      const targets = operands.length ? operands : ['.'];
      const out: string[] = [];
      for (const target of targets) {
        const path = resolvePath(state.cwd, target);
        const entry = fs.get(path);
        if (entry === undefined) {
          out.push(`ls: cannot access '${target}': No such file or directory`);
          continue;
        }
        if (!Array.isArray(entry)) {
          out.push(target);
          continue;
        }
        const names = (all ? ['.', '..', ...entry] : entry.filter((n) => !n.startsWith('.'))).slice();
        if (targets.length > 1) out.push(`${target}:`);
        if (long) {
          out.push(`total ${names.length * 4}`);
          for (const name of names) {
            const dir =
              name === '.' ||
              name === '..' ||
              Array.isArray(fs.get(resolvePath(path, name))) ||
              !fs.has(resolvePath(path, name));
            out.push(
              `${dir ? 'drwxr-xr-x' : '-rw-r--r--'} ${dir ? 2 : 1} root root ${dir ? '4096' : '   0'.padStart(4)} Nov 23 09:14 ${name}`,
            );
          }
        } else if (names.length) out.push(names.join('  '));
      }
      return { output: out.join('\n') };
    }
    case 'cd': {
      const target = operands[0] ?? HOME;
      const path = resolvePath(state.cwd, target);
      const entry = fs.get(path);
      if (entry === undefined) return { output: `bash: cd: ${target}: No such file or directory` };
      if (!Array.isArray(entry)) return { output: `bash: cd: ${target}: Not a directory` };
      state.cwd = path;
      return { output: '' };
    }
    case 'history':
      return {
        output: state.history.map((entry, i) => `${String(i + 1).padStart(5)}  ${entry}`).join('\n'),
      };
    case 'clear':
      return { output: '', effect: 'clear' };
    case 'exit':
    case 'logout':
      return { output: 'logout', effect: 'logout' };
    case 'true':
    case ':':
      return { output: '' };
    case 'help':
      return {
        output: [
          `GNU bash, version 5.2.21(1)-release (x86_64-pc-linux-gnu) on ${m.name}'s serial console.`,
          'This console answers these commands:',
          '',
          `  ${COMMANDS.join(' ')}`,
          '',
          'Ctrl-C abandons a line, Ctrl-U erases it, Up and Down recall earlier ones.',
          'Use the portal to stop, restart or rebuild the instance.',
        ].join('\n'),
      };
    case 'reboot':
    case 'poweroff':
    case 'shutdown':
    case 'halt':
      return {
        output: `${command}: use Stop or Restart in the portal; this console does not power the instance off.`,
      };
    default:
      return { output: `bash: ${command}: command not found` };
  }
}

/**
 * What the serial console shows for a new login: getty's issue line and login prompt with root's
 * automatic login (`agetty --autologin root ttyS0`, as cloud images configure the serial console),
 * the message of the day and the prompt.
 */
export function loginScreen(m: ShellMachine, _now: Date, lastLogin: Date | null): string {
  const p = osProfile(m.system);
  return [
    '',
    `${p.prettyName} ${m.name} ttyS0`,
    '',
    `${m.name} login: root (automatic login)`,
    '',
    `Welcome to ${p.prettyName} (GNU/Linux ${p.kernel} x86_64)`,
    '',
    ...(m.imageName !== m.system ? [` * Application: ${m.imageName}`] : []),
    ' * System load:  0.08              Processes:       112',
    ` * Memory usage: 17%               IPv4 address:    ${m.ipv4 ?? '-'}`,
    ` * Disk usage:   ${`${diskPercent(m)}%`.padEnd(18)}Location:        ${m.city}`,
    '',
    `Last login: ${lastLogin ? `${formatDate(lastLogin).replace(' UTC', '')} on ttyS0` : 'never'}`,
    '',
  ].join('\n');
}
