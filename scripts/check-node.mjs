// Which Node runs Pinhole: 24 (the runtime CI tests everything on) or 22.14+ (supported; CI runs
// the server tests on it). Older lines fail here with one line instead of a native-module crash
// or a missing global later. Imported first by the npm scripts that start something, and run as
// `preinstall` for an install that got past `engine-strict` (.npmrc).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 14)) {
  console.error(
    `Pinhole needs Node.js 24 (or 22.14+); this is Node ${process.versions.node}. Install Node 24 LTS from https://nodejs.org and run the command again.`,
  );
  process.exit(1);
}
