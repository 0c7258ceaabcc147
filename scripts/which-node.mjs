/**
 * The one line `npm install` ends with (the `postinstall` script): which Node runs this project's
 * npm scripts. npm puts node_modules/.bin first on their PATH, where the `node` dev dependency puts
 * Node 24, so that is the Node they run on whatever the shell's own `node` is; npm itself runs on
 * the shell's (npm tells it as `node/vX` in npm_config_user_agent).
 */
const REQUIRED_MAJOR = 24;
const scripts = process.version;
const shell = /\bnode\/(v[\d.]+)/.exec(process.env.npm_config_user_agent ?? "")?.[1];

if (Number(scripts.slice(1).split(".")[0]) < REQUIRED_MAJOR) {
  console.log(`npm scripts here run on Node ${scripts}, older than the ${REQUIRED_MAJOR} they need: install without --omit=dev or --ignore-scripts, so the \`node\` dev dependency brings Node ${REQUIRED_MAJOR}.`);
} else if (shell && shell !== scripts) {
  console.log(`npm scripts here run on Node ${scripts} (the \`node\` dev dependency in node_modules/.bin), not on this shell's ${shell}, which only runs npm.`);
} else {
  console.log(`npm scripts here run on Node ${scripts}.`);
}
