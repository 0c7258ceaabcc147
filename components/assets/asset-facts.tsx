import { CopyButton } from "@/components/ui/copy-button";
import { carFileName } from "@/lib/assets/car-file-name";
import type { Asset } from "@/lib/assets/schemas";
import { formatBytes, formatDuration, formatTime } from "@/lib/client/format";

/** What the service found out about the file. */
export function AssetFacts({ asset }: { asset: Asset }) {
  const video = asset.videoSpec?.tracks.find((track) => track.type === "video");
  const audio = asset.videoSpec?.tracks.find((track) => track.type === "audio");
  const sha256 = asset.hash?.find((hash) => hash.algorithm === "sha256")?.hash;
  const cid = asset.hash?.find((hash) => hash.algorithm === "cidv1")?.hash;
  const ipfs = asset.storage?.ipfs;
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      <Fact term="Asset id" wide>
        <span className="flex flex-wrap items-center gap-2">
          <code className="break-all" data-testid="asset-id">
            {asset.id}
          </code>
          <CopyButton text={asset.id} label="Copy asset id" />
        </span>
      </Fact>
      <Fact term="Created">{formatTime(asset.createdAt)}</Fact>
      {/* Only a ready asset plays: elsewhere the id would promise what it cannot do. */}
      {asset.status === "ready" && (
        <Fact term="Playback id">
          <span className="flex flex-wrap items-center gap-2">
            <code>{asset.playbackId}</code>
            <CopyButton text={asset.playbackId} label="Copy playback id" />
          </span>
        </Fact>
      )}
      {/* A failed asset's size is stated with its reason. */}
      {asset.size !== undefined && asset.status !== "failed" && <Fact term="Size">{formatBytes(asset.size)}</Fact>}
      {asset.videoSpec && <Fact term="Duration">{formatDuration(asset.videoSpec.duration)}</Fact>}
      {video && (
        <Fact term="Video">
          {video.codec.toUpperCase()}, {video.width}×{video.height}, {Math.round(video.fps * 100) / 100} fps
        </Fact>
      )}
      {audio && (
        <Fact term="Audio">
          {audio.codec.toUpperCase()}, {audio.sampleRate / 1000} kHz, {audio.channels === 1 ? "mono" : `${audio.channels} channels`}
        </Fact>
      )}
      {asset.videoSpec && <Fact term="Bitrate">{Math.round(asset.videoSpec.bitrate / 1000)} kbit/s</Fact>}
      {sha256 && (
        <Fact term="SHA-256" wide>
          <span className="flex flex-wrap items-center gap-2">
            <code className="break-all text-xs">{sha256}</code>
            <CopyButton text={sha256} label="Copy SHA-256" />
          </span>
        </Fact>
      )}
      {cid && (
        <Fact term="IPFS CID" wide>
          <span className="flex flex-wrap items-center gap-2">
            <code className="break-all text-xs" data-testid="asset-cid">
              {cid}
            </code>
            <CopyButton text={cid} label="Copy CID" />
            {asset.carUrl && (
              <a href={asset.carUrl} download={carFileName(asset.name, cid)} className="text-xs font-medium text-indigo-700 underline">
                Download CAR
              </a>
            )}
          </span>
        </Fact>
      )}
      {ipfs && (
        <Fact term={ipfs.verified ? "IPFS (verified)" : "IPFS"} wide>
          <span className="flex flex-wrap items-center gap-2">
            <code className="break-all text-xs">{ipfs.url}</code>
            <CopyButton text={ipfs.url} label="Copy IPFS address" />
            <a href={ipfs.gatewayUrl} target="_blank" rel="noreferrer" className="text-xs font-medium text-indigo-700 underline">
              Open in gateway
            </a>
          </span>
        </Fact>
      )}
    </dl>
  );
}

function Fact({ term, children, wide }: { term: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="font-medium text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}
