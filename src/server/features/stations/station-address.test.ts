import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { stationAddresses } from './station-address.ts';

const info = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) => ({ address, family, internal }) as NetworkInterfaceInfo;
const machine = {
  lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
  eth0: [info('192.168.1.20', 'IPv4', false), info('fe80::1', 'IPv6', false)],
  wlan0: [info('10.0.0.5', 'IPv4', false)],
};

describe('the address a tablet opens to become a station', () => {
  it('is the one the administrator reached the server by, when a tablet can reach it too', () => {
    expect(stationAddresses('http', '192.168.1.20:3000', machine)).toEqual(['http://192.168.1.20:3000/station']);
    expect(stationAddresses('https', 'kosu.example.jp', machine)).toEqual(['https://kosu.example.jp/station']);
    expect(stationAddresses('http', 'kosu-pc:3000', machine)).toEqual(['http://kosu-pc:3000/station']);
  });

  it("is the machine's addresses on its networks, with the port, when the browser was on the server's own machine", () => {
    const onNetworks = ['http://192.168.1.20:3000/station', 'http://10.0.0.5:3000/station'];
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000']) {
      expect(stationAddresses('http', host, machine)).toEqual(onNetworks);
    }
    expect(stationAddresses('http', 'localhost', machine)).toEqual(['http://192.168.1.20/station', 'http://10.0.0.5/station']);
  });

  it('stays the one reached by when the machine is on no network', () => {
    expect(stationAddresses('http', 'localhost:3000', { lo: machine.lo })).toEqual(['http://localhost:3000/station']);
  });
});
