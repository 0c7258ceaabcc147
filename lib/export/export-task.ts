import { Readable } from "node:stream";
import { unprocessable } from "@/lib/api/errors";
import { validateBody } from "@/lib/api/parse";
import { findAsset, updateAsset } from "@/lib/db/assets";
import type { VideoSpec } from "@/lib/db/schema";
import { findTask, updateTask } from "@/lib/db/tasks";
import { createProgressWriter, RUNNING_CEILING } from "@/lib/tasks/progress";
import type { CustomExportOutput, IpfsExportOutput } from "@/lib/tasks/schemas";
import { withSecretsScrubbed } from "@/lib/tasks/scrub-secrets";
import { finishTask } from "@/lib/tasks/task-lifecycle";
import { NonRetriableError, writerOf, type TaskDefinition, type TaskDeps } from "@/lib/tasks/types";
import { uploadToCustomUrl } from "./custom-upload";
import { buildErc1155Metadata } from "./erc1155-metadata";
import { readExportParams, readExportSecrets, sealUnpinCredentials, secretValues, type ExportParams, type ExportSecrets } from "./export-params";
import { pinFileToIpfs } from "./pinning-client";
import { withCid } from "@/lib/ipfs/cid-tee";
import { cidOfBytes } from "@/lib/ipfs/file-cid";
import type { RequestTimeouts } from "@/lib/outbound/streaming-request";
import { retryExportRequestSchema, type PinningCredentials } from "./schemas";

const VIDEO_CONTENT_TYPE = "video/mp4";

/** What the steps need to know, loaded once (step results must be plain JSON, and free of secrets). */
interface ExportJob {
  assetId: string;
  name: string;
  storageKey: string;
  videoSpec: VideoSpec | null;
  params: ExportParams;
  /** The share of the progress bar the IPFS upload takes; the custom upload takes the rest. */
  ipfsShare: number;
}

/**
 * The `export` task: streams the asset's file to an IPFS pinning service (with ERC-1155 metadata)
 * and/or to a custom URL, then records the output on the task and the CIDs on the asset. The
 * pinning service's CIDs must be the ones computed here from the same bytes (section 17).
 * Each step can run again without harm: pinning the same bytes gives the same CID.
 */
export const exportTask: TaskDefinition = {
  type: "export",

  // Step results come back from the runner (from Inngest's calls): they choose which steps run,
  // never which file is sent or where to. Each step loads its job from the database.
  async run(taskId, step, deps) {
    const plan = await step.run("load-export", async () => {
      const { params } = await loadExport(deps, taskId);
      return { ipfs: Boolean(params.ipfs), custom: Boolean(params.custom) };
    });
    let ipfs: IpfsExportOutput | undefined;
    if (plan.ipfs) {
      const video = await step.run("pin-video", () => withJob(deps, taskId, (job, s) => pinVideo(deps, taskId, job, s)));
      const metadata = await step.run("pin-metadata", () => withJob(deps, taskId, (job, s) => pinMetadata(deps, job, video.cid, s)));
      ipfs = ipfsOutput(deps.config.ipfsGatewayUrl, video.cid, metadata.cid);
    }
    const custom = plan.custom ? await step.run("custom-upload", () => withJob(deps, taskId, (job, s) => customUpload(deps, taskId, job, s))) : undefined;
    await step.run("record-output", async () => recordOutput(deps, taskId, await loadExport(deps, taskId), ipfs, custom));
  },

  prepareRetry(task, body) {
    return secretsForRetry(readExportParams(task), body);
  },
};

async function loadExport(deps: TaskDeps, taskId: string): Promise<ExportJob> {
  const task = await findTask(deps.db, taskId);
  const asset = task?.inputAssetId ? await findAsset(deps.db, task.inputAssetId) : undefined;
  if (!task || !asset) throw new NonRetriableError("the asset was deleted");
  const params = readExportParams(task);
  const destinations = (params.ipfs ? 1 : 0) + (params.custom ? 1 : 0);
  return {
    assetId: asset.id,
    name: asset.name,
    storageKey: asset.storageKey,
    videoSpec: asset.videoSpec,
    params,
    ipfsShare: params.ipfs ? 1 / destinations : 0,
  };
}

/**
 * Runs a step that sends credentials: they are decrypted here only, and its failure message
 * leaves scrubbed of them (and of the server's own PINATA_JWT).
 */
async function withSecrets<T>(deps: TaskDeps, taskId: string, send: (secrets: ExportSecrets) => Promise<T>): Promise<T> {
  const task = await findTask(deps.db, taskId);
  if (!task) throw new NonRetriableError("the task was deleted");
  const secrets = readExportSecrets(task, deps.sealedBox);
  const values = [...secretValues(secrets), ...(deps.config.pinataJwt ? [deps.config.pinataJwt] : [])];
  return withSecretsScrubbed(values, () => send(secrets));
}

/** A step that sends the asset's file: its job, loaded from the database, and its credentials. */
function withJob<T>(deps: TaskDeps, taskId: string, send: (job: ExportJob, secrets: ExportSecrets) => Promise<T>): Promise<T> {
  return withSecrets(deps, taskId, async (secrets) => send(await loadExport(deps, taskId), secrets));
}

function pinningCredentials(deps: TaskDeps, { pinning }: ExportSecrets): PinningCredentials {
  if (pinning) return pinning;
  if (deps.config.pinataJwt) return { jwt: deps.config.pinataJwt };
  throw new NonRetriableError("no pinning credentials: the request gave none and the server's PINATA_JWT is not set");
}

async function openStoredFile(deps: TaskDeps, key: string): Promise<{ stream: Readable; size: number }> {
  const stored = await deps.storage.stat(key);
  if (!stored) throw new NonRetriableError("the asset's file is missing from storage");
  return { stream: await deps.storage.createReadStream(key), size: stored.size };
}

async function pinVideo(deps: TaskDeps, taskId: string, job: ExportJob, secrets: ExportSecrets) {
  const credentials = pinningCredentials(deps, secrets);
  const cidVersion = job.params.ipfs?.cidVersion ?? 1;
  const file = await openStoredFile(deps, job.storageKey);
  // The CID is computed from the very bytes sent, in the same read.
  const sent = withCid(file.stream, cidVersion);
  const progress = createProgressWriter(deps, taskId, 0, RUNNING_CEILING * job.ipfsShare);
  const pinned = await pinFileToIpfs({
    apiUrl: deps.config.pinningApiUrl,
    credentials,
    name: job.name,
    cidVersion,
    file: { stream: sent.stream, size: file.size, filename: "video.mp4", contentType: VIDEO_CONTENT_TYPE },
    timeouts: timeoutsFor(deps, file.size),
    signal: deps.lease?.signal,
    onProgress: (bytes) => progress.report(bytes / Math.max(1, file.size)),
  });
  checkPinnedCid(pinned.cid, await sent.cid);
  await progress.flush(1);
  return { cid: pinned.cid };
}

async function pinMetadata(deps: TaskDeps, job: ExportJob, videoCid: string, secrets: ExportSecrets) {
  const credentials = pinningCredentials(deps, secrets);
  const cidVersion = job.params.ipfs?.cidVersion ?? 1;
  const document = buildErc1155Metadata(job, videoCid, job.params.ipfs?.erc1155Metadata);
  const bytes = Buffer.from(JSON.stringify(document));
  const expected = await cidOfBytes(bytes, cidVersion);
  const pinned = await pinFileToIpfs({
    apiUrl: deps.config.pinningApiUrl,
    credentials,
    name: `${job.name} (ERC-1155 metadata)`,
    cidVersion,
    file: {
      stream: Readable.from([bytes]),
      size: bytes.length,
      filename: "metadata.json",
      contentType: "application/json",
    },
    timeouts: timeoutsFor(deps, bytes.length),
    signal: deps.lease?.signal,
  });
  checkPinnedCid(pinned.cid, expected);
  return { cid: pinned.cid };
}

/** A pin of anything but the bytes sent (another layout, a truncated upload) fails the export for good. */
function checkPinnedCid(answered: string, computed: string) {
  if (answered !== computed) {
    throw new NonRetriableError(`the pinning service answered CID ${answered}, but the file's CID is ${computed}`);
  }
}

async function customUpload(
  deps: TaskDeps,
  taskId: string,
  job: ExportJob,
  { customHeaders }: ExportSecrets,
) {
  const custom = job.params.custom;
  if (!custom) throw new NonRetriableError("the export has no custom destination");
  if (Object.keys(custom.headers).length > 0 && !customHeaders) {
    throw new NonRetriableError("the custom headers are no longer available; retry the task and send them again");
  }
  const file = await openStoredFile(deps, job.storageKey);
  const progress = createProgressWriter(deps, taskId, RUNNING_CEILING * job.ipfsShare);
  const { status } = await uploadToCustomUrl({
    url: custom.url,
    method: custom.method,
    headers: customHeaders ?? {},
    file: { ...file, contentType: VIDEO_CONTENT_TYPE },
    allowedHosts: deps.config.exportAllowedHosts,
    timeouts: timeoutsFor(deps, file.size),
    signal: deps.lease?.signal,
    onProgress: (sent) => progress.report(sent / Math.max(1, file.size)),
  });
  await progress.flush(1);
  return { url: custom.url, method: custom.method, status };
}

/** Time for the answer, on top of the time the bytes may take at EXPORT_MIN_BYTES_PER_SECOND. */
const ANSWER_ALLOWANCE_MS = 5 * 60_000;

function timeoutsFor(deps: TaskDeps, bytes: number): RequestTimeouts {
  const { exportIdleTimeoutSeconds, exportMinBytesPerSecond } = deps.config;
  return {
    idleMs: exportIdleTimeoutSeconds * 1000,
    totalMs: ANSWER_ALLOWANCE_MS + Math.ceil((bytes / exportMinBytesPerSecond) * 1000),
  };
}

function ipfsOutput(gateway: string, videoCid: string, metadataCid: string): IpfsExportOutput {
  return {
    videoFileCid: videoCid,
    videoFileUrl: `ipfs://${videoCid}`,
    videoFileGatewayUrl: `${gateway}/${videoCid}`,
    nftMetadataCid: metadataCid,
    nftMetadataUrl: `ipfs://${metadataCid}`,
    nftMetadataGatewayUrl: `${gateway}/${metadataCid}`,
    verified: true,
  };
}

async function recordOutput(
  deps: TaskDeps,
  taskId: string,
  job: ExportJob,
  ipfs: IpfsExportOutput | undefined,
  custom: CustomExportOutput | undefined,
) {
  // The asset's CIDs follow the task: a run that lost its task (or a late duplicate) changes neither.
  await deps.db.transaction(async (tx) => {
    const output = { export: { ...(ipfs && { ipfs }), ...(custom && { custom }) } };
    // Only a completed export keeps credentials, sealed, to unpin what it pinned (unpinOnDelete).
    const task = await findTask(tx, taskId);
    const sealedUnpinCredentials = task && sealUnpinCredentials(job.params, readExportSecrets(task, deps.sealedBox), taskId, deps.sealedBox);
    if (sealedUnpinCredentials) await updateTask(tx, taskId, { sealedUnpinCredentials }, writerOf(deps));
    if (!(await finishTask({ ...deps, db: tx }, taskId, { phase: "completed", output }))) return;
    const asset = ipfs ? await findAsset(tx, job.assetId) : undefined;
    if (!ipfs || !asset) return;
    const now = deps.now();
    const pinned = {
      cid: ipfs.videoFileCid,
      url: ipfs.videoFileUrl,
      gatewayUrl: ipfs.videoFileGatewayUrl,
      nftMetadata: { cid: ipfs.nftMetadataCid, url: ipfs.nftMetadataUrl, gatewayUrl: ipfs.nftMetadataGatewayUrl },
      verified: true,
      updatedAt: now,
    };
    await updateAsset(tx, asset.id, { storage: { ...asset.storage, ipfs: pinned }, updatedAt: now });
  });
}

/** A failed export's secrets were cleared; a retry must send again exactly those it had. */
function secretsForRetry(params: ExportParams, body: unknown): ExportSecrets {
  const retry = validateBody(body, retryExportRequestSchema);
  const secrets: ExportSecrets = {};
  const problems: string[] = [];
  if (retry.ipfs?.pinning) {
    if (params.ipfs?.pinning) secrets.pinning = retry.ipfs.pinning;
    else problems.push("ipfs.pinning: this export did not send pinning credentials");
  } else if (params.ipfs?.pinning) {
    problems.push("ipfs.pinning: the credentials were discarded when the task failed; send them again");
  }
  const names = Object.keys(params.custom?.headers ?? {});
  if (retry.custom) {
    const given = Object.keys(retry.custom.headers);
    if (!sameNames(names, given))
      problems.push(`custom.headers: send exactly the headers of the export (${names.join(", ") || "none"})`);
    else secrets.customHeaders = retry.custom.headers;
  } else if (names.length > 0) {
    problems.push(
      `custom.headers: the header values were discarded when the task failed; send ${names.join(", ")} again`,
    );
  }
  if (problems.length > 0) throw unprocessable(problems);
  return secrets;
}

function sameNames(a: string[], b: string[]): boolean {
  const lower = (names: string[]) =>
    names
      .map((n) => n.toLowerCase())
      .sort()
      .join("\n");
  return lower(a) === lower(b);
}
