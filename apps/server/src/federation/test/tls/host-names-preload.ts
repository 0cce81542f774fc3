// Loaded with `node --import` into each Pinhole of the TLS rig: the test host names resolve to
// their loopback addresses in that process, as a DNS server would make them.
import { hostNamesVariable, resolveHostNames } from './host-names';

const names = process.env[hostNamesVariable];
if (names) resolveHostNames(JSON.parse(names) as Record<string, string>);
