import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface HostCertificate {
  key: string;
  cert: string;
}

export interface Certificates {
  /** The CA's certificate file, for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  caPem: string;
  forHost(host: string): HostCertificate;
  /** Deletes the folder with the keys. */
  remove(): void;
}

const openssl = (args: string[], cwd: string) => run('openssl', args, { cwd });
/** EC keys: made in milliseconds, where RSA takes a while on a busy machine. */
const keyOptions = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/**
 * A throwaway certificate authority and a certificate for each host, made by the machine's
 * `openssl` in a temp folder: what a private CA of an operator would give.
 */
export async function makeCertificates(hosts: readonly string[]): Promise<Certificates> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-tls-'));
  try {
    await openssl(
      [
        'req',
        '-x509',
        ...keyOptions,
        '-keyout',
        'ca.key',
        '-out',
        'ca.pem',
        '-days',
        '2',
        '-subj',
        '/CN=Pinhole test CA',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
      ],
      folder,
    );
    await Promise.all(
      hosts.map(async (host) => {
        await openssl(
          [
            'req',
            ...keyOptions,
            '-keyout',
            `${host}.key`,
            '-out',
            `${host}.csr`,
            '-subj',
            `/CN=${host}`,
          ],
          folder,
        );
        fs.writeFileSync(
          path.join(folder, `${host}.ext`),
          `subjectAltName=DNS:${host}\nextendedKeyUsage=serverAuth\n`,
        );
        await openssl(
          [
            'x509',
            '-req',
            '-in',
            `${host}.csr`,
            '-CA',
            'ca.pem',
            '-CAkey',
            'ca.key',
            '-set_serial',
            `0x1${randomBytes(8).toString('hex')}`,
            '-days',
            '2',
            '-extfile',
            `${host}.ext`,
            '-out',
            `${host}.pem`,
          ],
          folder,
        );
      }),
    );
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const read = (name: string) => fs.readFileSync(path.join(folder, name), 'utf8');
  return {
    caFile: path.join(folder, 'ca.pem'),
    caPem: read('ca.pem'),
    forHost(host) {
      return { key: read(`${host}.key`), cert: read(`${host}.pem`) };
    },
    remove() {
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
