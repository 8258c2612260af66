import type { NetworkInterfaceInfo } from 'node:os';

/** Names that reach the machine they are typed on: from a tablet they would reach the tablet. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The addresses a tablet opens to become a station (…/station), told with its 登録コード: the address
 * the administrator's own browser reached the server by, unless that names the server's machine only
 * (localhost, 127.0.0.1, as on the PC the server runs on); then the machine's addresses on its
 * networks, with the same port, for the tablet to reach it over the workshop's network. `host` is the
 * request's Host (behind proxies, as TRUST_PROXY allows), with its port.
 */
export function stationAddresses(protocol: string, host: string, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string[] {
  const [, hostname = host, port] = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host) ?? [];
  const address = (name: string) => `${protocol}://${name}${port ? `:${port}` : ''}/station`;
  if (!LOOPBACK_HOST.test(hostname)) return [address(hostname)];
  const networks = Object.values(interfaces)
    .flat()
    .filter((info): info is NetworkInterfaceInfo => info !== undefined && info.family === 'IPv4' && !info.internal)
    .map((info) => address(info.address));
  return networks.length > 0 ? networks : [address(hostname)];
}
