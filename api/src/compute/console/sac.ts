import { type CommandResult, gatewayOf, type ShellMachine } from './shell.js';

/**
 * A Windows machine's serial console is not a shell but the Special Administration Console (SAC)
 * of Emergency Management Services: `SAC>` and one-letter commands. The simulated one answers the
 * commands that report (help, `i`, `id`, `s`, `ch`); those that change the machine refer to the
 * portal, as the Linux shell's `reboot` does.
 */
export const isWindows = (system: string) => /^Windows\b/i.test(system);

export const SAC_PROMPT = 'SAC>';

export function sacBanner(): string {
  return [
    '',
    'Computer is booting, SAC started and initialized.',
    '',
    'Use the "ch -?" command for information about using channels.',
    'Use the "?" command for general help.',
    '',
    '',
  ].join('\n');
}

const HELP = [
  'ch                   Channel management commands.  Use ch -? for more help.',
  'cmd                  Create a Command Prompt channel.',
  'd                    Dump the current kernel log.',
  '? or help            Display this list.',
  'i                    List all IP network numbers and their IP addresses.',
  'id                   Display the computer identification information.',
  'restart              Restart the system immediately.',
  's                    Display the current time and date (24 hour clock used).',
  'shutdown             Shutdown the system immediately.',
].join('\n');

const pad2 = (n: number) => String(n).padStart(2, '0');

export function runSac(line: string, m: ShellMachine, now: Date): CommandResult {
  const [command = '', ...args] = line.trim().split(/\s+/);
  switch (command.toLowerCase()) {
    case '':
      return { output: '' };
    case '?':
    case 'help':
      return { output: HELP };
    case 'i':
      return {
        output: [
          ...(m.ipv4 ? [`Net: 10, Ip=${m.ipv4}  Subnet=255.255.255.0  Gateway=${gatewayOf(m.ipv4)}`] : []),
          ...(m.ipv6 ? [`Net: 10, Ip=${m.ipv6}`] : []),
        ].join('\n'),
      };
    case 'id':
      return {
        output: [
          `Computer Name: ${m.name.toUpperCase().slice(0, 15)}`,
          `Computer GUID: ${m.uid}`,
          'Processor Architecture: x64',
          'Build Number: 20348',
          `Product: ${m.system} Datacenter`,
          'Applied Service Pack: None',
          'Version Number: 10.0',
          'Build Type: Multiprocessor Free',
          'Product Type: Server',
        ].join('\n'),
      };
    case 's':
      return {
        output: `${pad2(now.getUTCMonth() + 1)}/${pad2(now.getUTCDate())}/${now.getUTCFullYear()} ${pad2(now.getUTCHours())}:${pad2(now.getUTCMinutes())}:${pad2(now.getUTCSeconds())}`,
      };
    case 'd':
      return { output: 'The kernel log is empty.' };
    case 'ch':
      if (args[0] === '-?') {
        return {
          output: [
            'Channel management commands:',
            '',
            'ch                   List all channels.',
            'ch -si <#>           Switch to a channel by its number.',
            'ch -?                Display this list.',
          ].join('\n'),
        };
      }
      if (args.length > 0) return { output: 'Error: The specified channel was not found.' };
      return {
        output:
          'Channel List\n\n(Use "ch -?" for information on using channels)\n\n# Status  Channel Name\n0 (AV)    SAC',
      };
    case 'cmd':
      return {
        output:
          'The Command Prompt channel could not be created: sign in through Remote Desktop to use a command prompt.',
      };
    case 'restart':
    case 'shutdown':
      return {
        output: `${command}: use Stop or Restart in the portal; this console does not power the instance off.`,
      };
    default:
      return { output: 'Unrecognized command.  Try "?" for help.' };
  }
}
