// The API's types, generated from its OpenAPI document by `npm run api:types`: do not edit.

export interface paths {
    "/api/asset/request-upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an asset and the URLs to upload its file to
         * @description Creates a `waiting` asset and its `pending` upload task. Send the file once, either with `PUT` to `url` or resumably with tus to `tusEndpoint`; both expire together.
         */
        post: operations["requestUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asset/upload/url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an asset from a URL: the service fetches the file
         * @description Livepeer's import (`asset.createViaUrl`). The service GETs `url` through its address guard (public addresses only, unless `EXPORT_ALLOWED_HOSTS` lists the host; every redirect checked, at most 5), streams it to storage within `MAX_UPLOAD_BYTES`, then checks it as any upload: the asset ends `ready` or `failed` with the reason (`the source answered 404 Not Found`, `not a video: …`). Network errors, 408, 429 and 5xx are retried with backoff, resuming with `Range` where the source allows. The task's `params.upload.url` and the asset's `source.url` show the URL without its query or credentials. Cancel and retry as any task.
         */
        post: operations["importAsset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cut a clip of an asset, as a new asset
         * @description Livepeer's `createClip` (the SDK's `stream.createClip`), of one of your ready assets: times in milliseconds from the start of its video. The clip is a new asset (`waiting`, then `ready`; `source: {"type": "clip", "sourceId", "playbackId"}` naming the asset it was cut from; the same playback policy and ladder) whose first frame is the one shown at `startTime` and whose length is `endTime - startTime` within a frame: the whole GOPs between are copied, only the partial ones at the edges encoded again, the sound encoded to match. Its `clip` task shows the progress and, if the cut fails, why; the file is then checked as an upload (size, hashes, renditions).
         */
        post: operations["createClip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List assets
         * @description Sorted, filtered and searched across every asset of the caller, page by page: follow the `Link` header, whose cursor holds the order and filters of the first request.
         */
        get: operations["listAssets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asset/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an asset */
        get: operations["getAsset"];
        put?: never;
        post?: never;
        /**
         * Delete an asset and its stored file
         * @description Playback ends at once. An asset exported with `ipfs.unpinOnDelete` is `deleting` (out of lists) until its pins are removed, then gone; if an unpin finally fails it stays `deleting` with `errorMessage`, and a second DELETE tries again.
         */
        delete: operations["deleteAsset"];
        options?: never;
        head?: never;
        /**
         * Rename an asset, change its playback policy or creator id
         * @description Livepeer's update: only the given fields change. A new name sends `asset.updated`. A new `playbackPolicy` holds for every playback URL from the next request on: `jwt` makes viewers need a token signed with one of your signing keys.
         */
        patch: operations["updateAsset"];
        trace?: never;
    };
    "/api/asset/{id}/car": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The asset as a CAR file, to pin anywhere
         * @description A CARv1 whose single root is the asset's `cidv1` (its `hash` entry), blocks in a fixed order (UnixFS, 256 KiB raw leaves, balanced DAG of 174 links: Kubo's and Pinata's layout). `ipfs dag import` of it, or an upload to any pinning service that takes CARs, gives the same CID: see docs/export.md. With an API token or the dashboard's session, or without either through the asset's signed, short-lived `carUrl`. Answers `Range` requests.
         */
        get: operations["getAssetCar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asset/{id}/tus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a waiting asset's tus endpoint again, to resume its upload
         * @description The same `tusEndpoint` request-upload answered (and the upload's URL once a tus upload was created), so an upload can be resumed from a client that did not start it. Nothing is extended: it expires when the asset's upload does.
         */
        get: operations["getResumableUpload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asset/{id}/upload-complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report that the PUT to the upload URL finished
         * @description For uploads straight to an S3 bucket without bucket notifications: the service checks the object and processes it.
         */
        post: operations["reportUploadComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asset/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Export a ready asset to IPFS, to a URL of yours, or both */
        post: operations["exportAsset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asset/{id}/tracks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an asset's tracks */
        get: operations["listTracks"];
        put?: never;
        /**
         * Add a subtitle or caption track to an asset
         * @description A WebVTT or SRT file, inline (`text`) or fetched from `url` (through the address guard), at most 2 MiB. It is checked, normalised to WebVTT and stored beside the asset's file; the asset's HLS playlist then lists it as a `SUBTITLES` rendition (DESIGN.md section 19). An asset holds at most 50 tracks.
         */
        post: operations["createTrack"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asset/{id}/tracks/{trackId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a track and its file
         * @description Its rendition leaves the asset's HLS playlist at once.
         */
        delete: operations["deleteTrack"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storage/upload/{assetId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload the file to the signed URL (local storage)
         * @description The `url` that request-upload answered, when files are kept on the server's disk (with S3 storage it is a presigned URL of the bucket instead). Single use; the signature in the URL authorizes, no token.
         */
        put: operations["putUpload"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storage/download/{assetId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an asset's file (local storage)
         * @description The signed, short-lived `downloadUrl` of a ready asset. Answers `Range` requests.
         */
        get: operations["downloadAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asset/upload/tus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a resumable upload (tus 1.0.0)
         * @description At the `tusEndpoint` that request-upload answered. Extensions: creation, creation-with-upload, expiration, termination. Any tus client works.
         */
        post: operations["createTusUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/asset/upload/tus/{uploadId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Terminate the upload, freeing the asset's upload slot */
        delete: operations["terminateTusUpload"];
        options?: never;
        /** Where to resume: the upload's offset */
        head: operations["getTusUploadOffset"];
        /** Send bytes from the offset on */
        patch: operations["patchTusUpload"];
        trace?: never;
    };
    "/api/webhooks/storage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive the bucket's event notifications (S3 storage)
         * @description S3 event notifications (via SNS or EventBridge) or MinIO webhooks; every object created at an asset's upload key completes its upload. Authorized by `STORAGE_WEBHOOK_SECRET`, as a bearer token or `?secret=`.
         */
        post: operations["receiveStorageNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List tasks */
        get: operations["listTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a task */
        get: operations["getTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a pending, waiting or running task */
        post: operations["cancelTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a failed task
         * @description An export's secrets were discarded when it failed: give them again in the body (`ipfs.pinning`, `custom.headers`). An import whose URL held credentials is given its whole URL again (`url`); other upload tasks are retried without a body.
         */
        post: operations["retryTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhooks */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook
         * @description Without `sharedSecret` one is generated (`whsec_…`). The secret is in this answer only. Absent or empty `events`: every event.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook */
        get: operations["getWebhook"];
        /**
         * Replace a webhook
         * @description Livepeer's update: the whole webhook (absent `events`: every event).
         */
        put: operations["replaceWebhook"];
        post?: never;
        /** Delete a webhook */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /** Change some of a webhook's fields, or disable it */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/webhook/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a `webhook.test` event now */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook/{id}/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a webhook's delivery attempts */
        get: operations["listWebhookLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook/{id}/log/{logId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one delivery attempt */
        get: operations["getWebhookLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook/{id}/log/{logId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an attempt's event again, freshly signed */
        post: operations["resendWebhookLog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revoking a revoked key again is harmless.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        /**
         * Rename an API key or change its response shape
         * @description `responseShape` switches how answers to this key show an asset's `status`: `plain` (a string), `studio` (Livepeer Studio's object, for its SDK), or `auto` (Studio's for requests from the Livepeer SDK). It holds from the next request on, on every node.
         */
        patch: operations["updateApiKey"];
        trace?: never;
    };
    "/api/playback/{playbackId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Playback info (Livepeer's shape)
         * @description A `public` asset needs no token: the playbackId is the capability. A `jwt` asset needs a viewer token (an ES256 JWT made with one of the owner's signing keys, e.g. by `signAccessJwt`) as the `jwt` query parameter or the `Livepeer-Jwt` header, or the owner's API token or dashboard session. Open to every origin (CORS).
         */
        get: operations["getPlaybackInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playback/{playbackId}/video.mp4": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The asset's MP4, seekable */
        get: operations["getPlaybackVideo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playback/{playbackId}/mp4/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A transcoded rung's static MP4 (`staticMp4`)
         * @description Faststart MP4s of the rungs up to 720p, made once every segment is, for an asset created with `staticMp4: true`; playback info lists them. Immutable for a public asset.
         */
        get: operations["getPlaybackStaticMp4"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playback/{playbackId}/poster.jpg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The asset's poster frame (JPEG) */
        get: operations["getPlaybackPoster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playback/{playbackId}/thumbnail.jpg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The frame at a time (JPEG), Mux's image API shape
         * @description Made with ffmpeg from the keyframe before `time` on the first request, then stored with the asset and served unchanged (immutable for a public asset).
         */
        get: operations["getPlaybackThumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playback/{playbackId}/storyboard.vtt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The storyboard's WebVTT (Livepeer's `Thumbnails` source)
         * @description Cues back to back from 0 to the video's duration, one every 5 s, each naming its tile of `storyboard.jpg` (relative to this file) as `storyboard.jpg#xywh=x,y,w,h`. Made with the sprite on the first request for either, then stored with the asset and served unchanged.
         */
        get: operations["getPlaybackStoryboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/playback/{playbackId}/storyboard.jpg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The storyboard's sprite (JPEG): tiles 160 px wide, ten to a row */
        get: operations["getPlaybackStoryboardSprite"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hls/{playbackId}/index.m3u8": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * HLS playlist
         * @description HLS version 7, VOD. A file played as uploaded: a media playlist of an fMP4 init segment (`EXT-X-MAP`) and CMAF media segments, cut from the stored MP4 at its keyframes on request (no second copy), about 6 s each (`targetSegmentSizeSecs`). A transcoded asset (DESIGN.md section 18): a multivariant playlist, one `EXT-X-STREAM-INF` per rung (lowest first, with `BANDWIDTH`, `AVERAGE-BANDWIDTH`, `RESOLUTION`, `FRAME-RATE`, `CODECS`) and the audio as one `AUDIO` group; a segment not made yet is made when asked. An asset with subtitle or caption tracks (`POST /api/asset/{id}/tracks`) always answers a multivariant playlist: one `EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs"` per track (`sub-{trackId}/index.m3u8`, WebVTT segments aligned with the video's, each with `X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000`: cue times are the video's), and every `EXT-X-STREAM-INF` names `SUBTITLES="subs"`. For a `jwt` asset every URL carries a media `token`, so players need nothing of their own to play it.
         */
        get: operations["getHlsPlaylist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hls/{playbackId}/{version}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * HLS init or media segment, a subtitle segment (`sub-{trackId}/{n}.vtt`), or a rendition's playlist
         * @description Segments are immutable for a public asset (cached for a year); never publicly cached for a `jwt` asset. A transcoded segment not made yet is made on request (once, however many ask); 503 with the reason when it cannot be.
         */
        get: operations["getHlsSegment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-control/signing-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List signing keys */
        get: operations["listSigningKeys"];
        put?: never;
        /**
         * Create a signing key
         * @description Makes an ES256 (P-256) key pair. Sign viewer tokens with its `privateKey` and `publicKey` (`signAccessJwt` of `@livepeer/core/crypto`). The body is optional (Livepeer's SDK sends none); without `name` the key is named "Signing key". Only the public key is kept.
         */
        post: operations["createSigningKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-control/signing-key/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a signing key */
        get: operations["getSigningKey"];
        put?: never;
        post?: never;
        /**
         * Delete a signing key
         * @description Its viewer tokens, and the media links they opened, are refused from then on.
         */
        delete: operations["deleteSigningKey"];
        options?: never;
        head?: never;
        /**
         * Rename a signing key, or disable (enable) it
         * @description Disabling a key refuses its viewer tokens, and the media links they opened, from the next request on.
         */
        patch: operations["updateSigningKey"];
        trace?: never;
    };
    "/api/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's usage: assets by status, storage, minutes uploaded and delivered, exports, and each of the last 30 days
         * @description What the dashboard's overview shows. Days and months are UTC. Totals cover the assets the list shows (not those being deleted); the days count every asset created, deleted ones included. Deliveries are what clients read of the MP4 and HLS segments from this service (not the poster, playlists or downloads), written by each node every few seconds: the last seconds' may not show yet, and what a CDN serves from its cache is not seen.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/analytics/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a playback session's metrics (Livepeer's player)
         * @description Where `@livepeer/react`'s player and this service's own player report, every 5 s and when the page hides. No credential, any origin (CORS open; sent as `text/plain`, it needs no preflight). An unknown playbackId is answered 204 like a known one and recorded nowhere. Limits: `ANALYTICS_RATE_LIMIT_PER_ADDRESS` and `ANALYTICS_RATE_LIMIT_PER_PLAYBACK_ID` reports a minute (docs/analytics.md).
         */
        post: operations["logPlaybackMetrics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/data/views/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Query viewership metrics (Livepeer's getViewership)
         * @description The caller's views, of one asset (`assetId` or `playbackId`) or of every asset, per time step and per value of the breakdown fields. Answered from hourly roll-ups when at most one of browser, os, device and country is asked for; with two or more, from the views themselves, kept `VIEW_RETENTION_DAYS`. A field without a value is left out.
         */
        get: operations["getViewershipMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/data/views/query/creator": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Query an asset's views and playtime (Livepeer's getCreatorViewership) */
        get: operations["getCreatorViewershipMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/data/views/query/total/{playbackId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A playbackId's total views (Livepeer's getPublicViewership)
         * @description Open to anyone, as the playbackId is, from any origin; cached for 5 s.
         */
        get: operations["getPublicViewershipMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/data/views/now": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is watching now (Livepeer's getRealtimeViewership) */
        get: operations["getRealtimeViewershipNow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/data/views/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An asset's last 30 days of views (the dashboard's Viewers panel) */
        get: operations["getViewerSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the state of the database, storage and task runner */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process serves requests */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics of this node
         * @description The Prometheus text format (prom-client): `vas_http_requests_total` and `vas_http_request_duration_seconds` by route template, method and status; `vas_upload_bytes_total`; `vas_tasks_finished_total` and `vas_task_duration_seconds` by task type and outcome; `vas_task_step_retries_total`; `vas_tasks_unfinished` by type and phase (the queue, every node's); and Node.js's own (`process_*`, `nodejs_*`, among them `nodejs_eventloop_lag_seconds`). With `METRICS_TOKEN` set, send it as a bearer token; unset, the endpoint is open.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document (OpenAPI 3.1) */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Auth.js: the dashboard's sign-in (GET)
         * @description Auth.js's own endpoints (`csrf`, `session`, `providers`, `signin`, `callback/credentials`, `signout`, …) for the dashboard's session cookie; integrators use API tokens instead. Failed password sign-ins are throttled (429).
         */
        get: operations["authJsGET1"];
        put?: never;
        /**
         * Auth.js: the dashboard's sign-in (POST)
         * @description Auth.js's own endpoints (`csrf`, `session`, `providers`, `signin`, `callback/credentials`, `signout`, …) for the dashboard's session cookie; integrators use API tokens instead. Failed password sign-ins are throttled (429).
         */
        post: operations["authJsPOST1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/{action}/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Auth.js: the dashboard's sign-in (GET)
         * @description Auth.js's own endpoints (`csrf`, `session`, `providers`, `signin`, `callback/credentials`, `signout`, …) for the dashboard's session cookie; integrators use API tokens instead. Failed password sign-ins are throttled (429).
         */
        get: operations["authJsGET2"];
        put?: never;
        /**
         * Auth.js: the dashboard's sign-in (POST)
         * @description Auth.js's own endpoints (`csrf`, `session`, `providers`, `signin`, `callback/credentials`, `signout`, …) for the dashboard's session cookie; integrators use API tokens instead. Failed password sign-ins are throttled (429).
         */
        post: operations["authJsPOST2"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inngest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Inngest's serve endpoint (GET)
         * @description Inngest calls it to run the task functions, authenticated by its request signature under INNGEST_SIGNING_KEY: a call without a valid one gets 401 (unless INNGEST_DEV runs without a key). 404 while tasks run inline.
         */
        get: operations["inngestGET"];
        /**
         * Inngest's serve endpoint (PUT)
         * @description Inngest calls it to run the task functions, authenticated by its request signature under INNGEST_SIGNING_KEY: a call without a valid one gets 401 (unless INNGEST_DEV runs without a key). 404 while tasks run inline.
         */
        put: operations["inngestPUT"];
        /**
         * Inngest's serve endpoint (POST)
         * @description Inngest calls it to run the task functions, authenticated by its request signature under INNGEST_SIGNING_KEY: a call without a valid one gets 401 (unless INNGEST_DEV runs without a key). 404 while tasks run inline.
         */
        post: operations["inngestPOST"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "asset.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * asset.created
         * @description An asset was created (request-upload). Delivered at least once, with a 10 s timeout, and retried with exponential backoff (from 5 s, for about a day) on network errors, 408, 429 and 5xx; 410 disables the webhook.
         */
        post: operations["event:asset.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "asset.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * asset.updated
         * @description An asset's name or status changed. Delivered at least once, with a 10 s timeout, and retried with exponential backoff (from 5 s, for about a day) on network errors, 408, 429 and 5xx; 410 disables the webhook.
         */
        post: operations["event:asset.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "asset.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * asset.ready
         * @description An asset's file was processed: it is ready to play and export. Delivered at least once, with a 10 s timeout, and retried with exponential backoff (from 5 s, for about a day) on network errors, 408, 429 and 5xx; 410 disables the webhook.
         */
        post: operations["event:asset.ready"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "asset.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * asset.failed
         * @description An asset's upload or processing failed. Delivered at least once, with a 10 s timeout, and retried with exponential backoff (from 5 s, for about a day) on network errors, 408, 429 and 5xx; 410 disables the webhook.
         */
        post: operations["event:asset.failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "asset.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * asset.deleted
         * @description An asset was deleted. Delivered at least once, with a 10 s timeout, and retried with exponential backoff (from 5 s, for about a day) on network errors, 408, 429 and 5xx; 410 disables the webhook.
         */
        post: operations["event:asset.deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.spawned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * task.spawned
         * @description A task was created. Delivered at least once, with a 10 s timeout, and retried with exponential backoff (from 5 s, for about a day) on network errors, 408, 429 and 5xx; 410 disables the webhook.
         */
        post: operations["event:task.spawned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * task.updated
         * @description A task's phase changed (progress at most every 5 s per task). Delivered at least once, with a 10 s timeout, and retried with exponential backoff (from 5 s, for about a day) on network errors, 408, 429 and 5xx; 410 disables the webhook.
         */
        post: operations["event:task.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * task.completed
         * @description A task completed (`success: true`). Delivered at least once, with a 10 s timeout, and retried with exponential backoff (from 5 s, for about a day) on network errors, 408, 429 and 5xx; 410 disables the webhook.
         */
        post: operations["event:task.completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * task.failed
         * @description A task failed (`success: false`). Delivered at least once, with a 10 s timeout, and retried with exponential backoff (from 5 s, for about a day) on network errors, 408, 429 and 5xx; 410 disables the webhook.
         */
        post: operations["event:task.failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description `POST /api/webhook/{id}/test` was called; the payload names the webhook. Delivered at least once, with a 10 s timeout, and retried with exponential backoff (from 5 s, for about a day) on network errors, 408, 429 and 5xx; 410 disables the webhook.
         */
        post: operations["event:webhook.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description One rung of the ladder (Livepeer's transcode-profile): a box the video is fitted into, matched to its orientation. Only `encoder: "H.264"`. */
        TranscodeProfile: {
            name?: string;
            width: number;
            height: number;
            bitrate: number;
            fps?: number;
            fpsDen?: number;
            gop?: string;
            /** @enum {string} */
            profile?: "H264Baseline" | "H264Main" | "H264High" | "H264ConstrainedHigh";
            quality?: number;
            encoder?: string;
        };
        /**
         * @description The report `@livepeer/react` 4.x's player sends every 5 s and with `sendBeacon` when the page hides. Fields the service does not read (`protocol`, `path`, `params`, `hash`, `source_url`, `player`, `version`, `live`, events' `id` and `timestamp`…) are accepted and ignored.
         * @example {
         *       "session_id": "b7c1e0f2-6d0a-4a3e-9f51-2c8d7e6a1b90",
         *       "playback_id": "k3j9x0a8b7c6d5e4",
         *       "protocol": "application/vnd.apple.mpegurl",
         *       "domain": "example.com",
         *       "path": "/watch",
         *       "user_agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
         *       "player": "hls",
         *       "version": "4.3.6",
         *       "live": false,
         *       "events": [
         *         {
         *           "id": "a1",
         *           "type": "play",
         *           "timestamp": 1763740000000
         *         },
         *         {
         *           "id": "a2",
         *           "type": "heartbeat",
         *           "timestamp": 1763740005000,
         *           "errors": 0,
         *           "warnings": 0,
         *           "stalled_count": 0,
         *           "waiting_count": 1,
         *           "time_warning_ms": 0,
         *           "time_errored_ms": 0,
         *           "time_stalled_ms": 0,
         *           "time_playing_ms": 4200,
         *           "time_waiting_ms": 310,
         *           "play_to_first_frame_ms": 310,
         *           "autoplay_status": "none"
         *         }
         *       ]
         *     }
         */
        SessionData: {
            session_id: string;
            playback_id: string;
            domain?: string | null;
            user_agent?: string | null;
            uid?: string | null;
            events: ({
                /** @constant */
                type: "heartbeat";
                /** @default 0 */
                errors: number;
                /** @default 0 */
                stalled_count: number;
                /** @default 0 */
                waiting_count: number;
                /** @default 0 */
                time_playing_ms: number;
                /** @default 0 */
                time_waiting_ms: number;
                /** @default 0 */
                time_stalled_ms: number;
                /** @default 0 */
                time_errored_ms: number;
                play_to_first_frame_ms?: number;
                mount_to_first_frame_ms?: number;
                mount_to_play_ms?: number;
                duration_ms?: number;
                autoplay_status?: string;
            } | {
                /** @constant */
                type: "error";
                message?: string;
                category?: string;
            } | {
                type: string;
            })[];
        };
        WebhookEvent: {
            /**
             * Format: uuid
             * @description The event's id: the same on every attempt (also in `webhook-id`).
             */
            id: string;
            /** Format: uuid */
            webhookId: string;
            /** @description When the change happened (ms since the epoch). */
            createdAt: number;
            /** @description When this attempt was sent (ms since the epoch). */
            timestamp: number;
            /** @enum {string} */
            event: "asset.created" | "asset.updated" | "asset.ready" | "asset.failed" | "asset.deleted" | "task.spawned" | "task.updated" | "task.completed" | "task.failed" | "webhook.test";
            payload: {
                asset: {
                    /** Format: uuid */
                    id: string;
                    snapshot: components["schemas"]["AssetSnapshot"];
                };
            } | {
                task: {
                    /** Format: uuid */
                    id: string;
                    /** @enum {string} */
                    type: "upload" | "export" | "transcode-file" | "clip";
                    snapshot: components["schemas"]["TaskSnapshot"];
                };
                /** @description true with task.completed, false with task.failed. */
                success?: boolean;
            } | {
                webhook: {
                    /** Format: uuid */
                    id: string;
                    name: string;
                };
            };
        };
        /**
         * @example {
         *       "id": "0f8e4c1a-6b2d-4e3f-9a8b-7c6d5e4f3a2b",
         *       "playbackId": "k3j9x0a8b7c6d5e4",
         *       "userId": "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d",
         *       "type": "video",
         *       "name": "My video",
         *       "createdAt": 1763740000000,
         *       "updatedAt": 1763740005000,
         *       "status": "ready",
         *       "source": {
         *         "type": "directUpload"
         *       },
         *       "playbackPolicy": {
         *         "type": "public"
         *       },
         *       "size": 45278,
         *       "hash": [
         *         {
         *           "algorithm": "sha256",
         *           "hash": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
         *         },
         *         {
         *           "algorithm": "cidv1",
         *           "hash": "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi"
         *         }
         *       ],
         *       "videoSpec": {
         *         "format": "mp4",
         *         "duration": 3,
         *         "bitrate": 120000,
         *         "tracks": [
         *           {
         *             "type": "video",
         *             "codec": "h264",
         *             "width": 320,
         *             "height": 240,
         *             "fps": 25,
         *             "bitrate": 90000
         *           },
         *           {
         *             "type": "audio",
         *             "codec": "aac",
         *             "sampleRate": 44100,
         *             "channels": 1,
         *             "bitrate": 64000
         *           }
         *         ]
         *       },
         *       "downloadUrl": "https://video.example.com/api/storage/download/0f8e4c1a-6b2d-4e3f-9a8b-7c6d5e4f3a2b?expires=1763740305000&signature=…",
         *       "posterUrl": "https://video.example.com/api/playback/k3j9x0a8b7c6d5e4/poster.jpg"
         *     }
         */
        AssetSnapshot: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "video";
            playbackId: string;
            /** Format: uuid */
            userId: string;
            name: string;
            createdAt: number;
            updatedAt: number;
            /**
             * @description The plain shape (the default): the asset's status as a string.
             * @enum {string}
             */
            status: "waiting" | "processing" | "ready" | "failed" | "deleting";
            source: components["schemas"]["AssetSource"];
            playbackPolicy: components["schemas"]["PlaybackPolicy"];
            creatorId?: components["schemas"]["CreatorId"];
            errorMessage?: string;
            size?: number;
            detectedFormat?: string;
            hash?: components["schemas"]["AssetHash"][];
            videoSpec?: {
                /** @description `mp4` for an MP4/MOV read here, else the container ffprobe names (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `avi`, …). */
                format: string;
                duration: number;
                bitrate: number;
                tracks: ({
                    /** @constant */
                    type: "video";
                    /** @description `h264`, or what ffprobe names the source's codec (`hevc`, `vp9`, `prores`, …). */
                    codec: string;
                    width: number;
                    height: number;
                    fps: number;
                    bitrate: number;
                } | {
                    /** @constant */
                    type: "audio";
                    /** @description `aac`, or what ffprobe names the source's codec (`opus`, `pcm_s16le`, …). */
                    codec: string;
                    sampleRate: number;
                    channels: number;
                    bitrate: number;
                })[];
            };
            downloadUrl?: string;
            posterUrl?: string;
            carUrl?: string;
            storage?: {
                ipfs?: {
                    cid: string;
                    url: string;
                    gatewayUrl: string;
                    nftMetadata?: {
                        cid: string;
                        url: string;
                        gatewayUrl: string;
                    };
                    verified?: boolean;
                    updatedAt: number;
                };
            };
            renditions?: components["schemas"]["Rendition"][];
            tracks?: components["schemas"]["Track"][];
        };
        /** @description Livepeer Studio's `source`: `directUpload` for request-upload and tus, `url` for an import, `clip` for a clip (`POST /api/clip`). */
        AssetSource: {
            /** @constant */
            type: "directUpload";
        } | {
            /** @constant */
            type: "url";
            /** @description The imported URL, without its query (which may hold credentials). */
            url: string;
        } | {
            /** @constant */
            type: "clip";
            /**
             * Format: uuid
             * @description The id of the asset the clip was cut from.
             */
            sourceId: string;
            /** @description That asset's playbackId. */
            playbackId: string;
        };
        /** @description `public`: whoever holds the playbackId plays it. `jwt`: a viewer needs a token signed with one of your signing keys. */
        PlaybackPolicy: {
            /** @enum {string} */
            type: "public" | "jwt";
        };
        /** @description Who made the video, as the client says; kept and shown, not checked. */
        CreatorId: {
            /** @constant */
            type: "unverified";
            value: string;
        };
        /** @description `sha256`: hex of the file's SHA-256. `cidv1`: its IPFS CID, version 1, computed here with Kubo's and Pinata's layout (see docs/export.md to check it yourself). `md5`: hex of its MD5, as Livepeer lists it (for a checksum only: MD5 proves nothing against a forger). */
        AssetHash: {
            /** @enum {string} */
            algorithm: "sha256" | "cidv1" | "md5";
            hash: string;
        };
        Rendition: {
            /** @description The profile's name (`360p0`), or `source` for the source served as a rung. */
            name: string;
            width: number;
            height: number;
            /** @description Bits per second. */
            bitrate: number;
            fps: number;
            segments: {
                made: number;
                total: number;
            };
        };
        /**
         * @example {
         *       "id": "7f1c3a52-9d0e-4b8a-a6f1-2c3d4e5f6a7b",
         *       "type": "text",
         *       "textType": "subtitles",
         *       "languageCode": "en",
         *       "name": "English",
         *       "status": "ready"
         *     }
         */
        Track: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "text";
            /** @enum {string} */
            textType: "subtitles" | "captions";
            languageCode: string;
            name: string;
            /**
             * @description A track is checked and stored before it is answered: always `ready`.
             * @constant
             */
            status: "ready";
        };
        /**
         * @example {
         *       "id": "3c2b1a0f-9e8d-4c7b-a6f5-e4d3c2b1a0f9",
         *       "type": "export",
         *       "createdAt": 1763740010000,
         *       "updatedAt": 1763740030000,
         *       "inputAssetId": "0f8e4c1a-6b2d-4e3f-9a8b-7c6d5e4f3a2b",
         *       "params": {
         *         "export": {
         *           "custom": {
         *             "url": "https://storage.example.com/videos/1.mp4",
         *             "method": "PUT",
         *             "headers": {
         *               "Authorization": "(redacted)"
         *             }
         *           }
         *         }
         *       },
         *       "status": {
         *         "phase": "completed",
         *         "progress": 1,
         *         "retries": 0,
         *         "updatedAt": 1763740030000
         *       },
         *       "output": {
         *         "export": {
         *           "custom": {
         *             "url": "https://storage.example.com/videos/1.mp4",
         *             "method": "PUT",
         *             "status": 200
         *           }
         *         }
         *       }
         *     }
         */
        TaskSnapshot: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            type: "upload" | "export" | "transcode-file" | "clip";
            createdAt: number;
            updatedAt: number;
            /** Format: uuid */
            inputAssetId?: string;
            params: {
                [key: string]: unknown;
            };
            status: {
                /** @enum {string} */
                phase: "pending" | "waiting" | "running" | "completed" | "failed" | "cancelled";
                progress: number;
                errorMessage?: string;
                retries: number;
                retriedAt?: number;
                updatedAt: number;
            };
            output?: {
                [key: string]: unknown;
            };
        };
        __schema0: unknown;
        UploadRequested: {
            /** @description A single-use signed URL: `PUT` the file's bytes to it. */
            url: string;
            /** @description A tus 1.0.0 creation endpoint for the same upload (resumable). */
            tusEndpoint: string;
            asset: components["schemas"]["Asset"];
            task: components["schemas"]["Task"];
        };
        /**
         * @example {
         *       "id": "0f8e4c1a-6b2d-4e3f-9a8b-7c6d5e4f3a2b",
         *       "playbackId": "k3j9x0a8b7c6d5e4",
         *       "userId": "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d",
         *       "type": "video",
         *       "name": "My video",
         *       "createdAt": 1763740000000,
         *       "updatedAt": 1763740005000,
         *       "status": "ready",
         *       "source": {
         *         "type": "directUpload"
         *       },
         *       "playbackPolicy": {
         *         "type": "public"
         *       },
         *       "size": 45278,
         *       "hash": [
         *         {
         *           "algorithm": "sha256",
         *           "hash": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
         *         },
         *         {
         *           "algorithm": "cidv1",
         *           "hash": "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi"
         *         }
         *       ],
         *       "videoSpec": {
         *         "format": "mp4",
         *         "duration": 3,
         *         "bitrate": 120000,
         *         "tracks": [
         *           {
         *             "type": "video",
         *             "codec": "h264",
         *             "width": 320,
         *             "height": 240,
         *             "fps": 25,
         *             "bitrate": 90000
         *           },
         *           {
         *             "type": "audio",
         *             "codec": "aac",
         *             "sampleRate": 44100,
         *             "channels": 1,
         *             "bitrate": 64000
         *           }
         *         ]
         *       },
         *       "downloadUrl": "https://video.example.com/api/storage/download/0f8e4c1a-6b2d-4e3f-9a8b-7c6d5e4f3a2b?expires=1763740305000&signature=…",
         *       "posterUrl": "https://video.example.com/api/playback/k3j9x0a8b7c6d5e4/poster.jpg"
         *     }
         */
        Asset: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "video";
            playbackId: string;
            /** Format: uuid */
            userId: string;
            name: string;
            createdAt: number;
            updatedAt: number;
            /** @description A string (the plain shape, the default), or Livepeer Studio's status object for API keys whose `responseShape` is `studio`, or `auto` when the request comes from the Livepeer SDK. Webhook events and the dashboard always use the plain shape. */
            status: ("waiting" | "processing" | "ready" | "failed" | "deleting") | components["schemas"]["StudioAssetStatus"];
            source: components["schemas"]["AssetSourceOutput"];
            playbackPolicy: components["schemas"]["PlaybackPolicyOutput"];
            creatorId?: components["schemas"]["CreatorIdOutput"];
            errorMessage?: string;
            size?: number;
            detectedFormat?: string;
            hash?: components["schemas"]["AssetHashOutput"][];
            videoSpec?: {
                /** @description `mp4` for an MP4/MOV read here, else the container ffprobe names (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `avi`, …). */
                format: string;
                duration: number;
                bitrate: number;
                tracks: ({
                    /** @constant */
                    type: "video";
                    /** @description `h264`, or what ffprobe names the source's codec (`hevc`, `vp9`, `prores`, …). */
                    codec: string;
                    width: number;
                    height: number;
                    fps: number;
                    bitrate: number;
                } | {
                    /** @constant */
                    type: "audio";
                    /** @description `aac`, or what ffprobe names the source's codec (`opus`, `pcm_s16le`, …). */
                    codec: string;
                    sampleRate: number;
                    channels: number;
                    bitrate: number;
                })[];
            };
            downloadUrl?: string;
            posterUrl?: string;
            carUrl?: string;
            storage?: {
                ipfs?: {
                    cid: string;
                    url: string;
                    gatewayUrl: string;
                    nftMetadata?: {
                        cid: string;
                        url: string;
                        gatewayUrl: string;
                    };
                    verified?: boolean;
                    updatedAt: number;
                };
            };
            renditions?: components["schemas"]["RenditionOutput"][];
            tracks?: components["schemas"]["TrackOutput"][];
        };
        /** @description The Studio shape: Livepeer Studio's status object, answered to API keys whose `responseShape` is `studio`, or `auto` (the default) when the request comes from the Livepeer SDK (`User-Agent: speakeasy-sdk/… livepeer`). */
        StudioAssetStatus: {
            /** @enum {string} */
            phase: "waiting" | "processing" | "ready" | "failed" | "deleting" | "deleted";
            updatedAt: number;
            progress?: number;
            errorMessage?: string;
        };
        /**
         * @example {
         *       "errors": [
         *         "name: must not be empty"
         *       ]
         *     }
         */
        Errors: {
            errors: string[];
        };
        AssetImport: {
            asset: components["schemas"]["Asset"];
            task: components["schemas"]["Task"];
        };
        ClipCreated: {
            asset: components["schemas"]["Asset"];
            task: components["schemas"]["Task"];
        };
        ResumableUpload: {
            tusEndpoint: string;
            uploadUrl?: string;
            expiresAt: number;
        };
        TaskEnvelope: {
            task: components["schemas"]["Task"];
        };
        TrackList: components["schemas"]["TrackOutput"][];
        UploadReceived: {
            size: number;
        };
        StorageNotificationResult: {
            handled: number;
            ignored: number;
        };
        /**
         * @example {
         *       "id": "7e6d5c4b-3a2f-4e1d-8c0b-9a8f7e6d5c4b",
         *       "name": "Backend",
         *       "url": "https://backend.example.com/hooks/video",
         *       "events": [
         *         "asset.ready",
         *         "asset.failed"
         *       ],
         *       "createdAt": 1763740000000,
         *       "userId": "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d",
         *       "status": {
         *         "lastTriggeredAt": 1763740005000
         *       }
         *     }
         */
        Webhook: {
            /** Format: uuid */
            id: string;
            name: string;
            url: string;
            events: ("asset.created" | "asset.updated" | "asset.ready" | "asset.failed" | "asset.deleted" | "task.spawned" | "task.updated" | "task.completed" | "task.failed")[];
            createdAt: number;
            /** Format: uuid */
            userId: string;
            status: {
                lastTriggeredAt?: number;
                lastFailure?: {
                    timestamp: number;
                    error: string;
                    response?: string;
                    statusCode?: number;
                };
            };
            disabled?: boolean;
            /** @description Only in the answer that created the webhook. */
            sharedSecret?: string;
        };
        CreatedWebhook: {
            /** Format: uuid */
            id: string;
            name: string;
            url: string;
            events: ("asset.created" | "asset.updated" | "asset.ready" | "asset.failed" | "asset.deleted" | "task.spawned" | "task.updated" | "task.completed" | "task.failed")[];
            createdAt: number;
            /** Format: uuid */
            userId: string;
            status: {
                lastTriggeredAt?: number;
                lastFailure?: {
                    timestamp: number;
                    error: string;
                    response?: string;
                    statusCode?: number;
                };
            };
            disabled?: boolean;
            sharedSecret: string;
        };
        WebhookLog: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            webhookId: string;
            event: string;
            createdAt: number;
            duration: number;
            success: boolean;
            request: {
                url: string;
                method: string;
                headers: {
                    [key: string]: string;
                };
                body: string;
            };
            response: {
                status?: number;
                statusText?: string;
                body?: string;
            };
        };
        /**
         * @example {
         *       "id": "9b2f7a51-3c4d-4e8f-9a0b-1c2d3e4f5a6b",
         *       "name": "CI deploys",
         *       "prefix": "vas_Xk3j9",
         *       "createdAt": 1763740000000,
         *       "responseShape": "auto"
         *     }
         */
        ApiKey: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description The first characters of the token, to recognise it. */
            prefix: string;
            createdAt: number;
            /**
             * @description How answers to this key show an asset's `status`: `plain`, a string; `studio`, Livepeer Studio's status object (which its SDK requires); `auto` (the default), Studio's when the request comes from the Livepeer SDK (`User-Agent: speakeasy-sdk/… livepeer`), else plain.
             * @enum {string}
             */
            responseShape: "auto" | "plain" | "studio";
            lastUsedAt?: number;
            revokedAt?: number;
        };
        CreatedApiKey: {
            key: components["schemas"]["ApiKey"];
            /** @description The API token; shown this once, only its hash is kept. */
            token: string;
        };
        /**
         * @example {
         *       "id": "3c1f9a2e-8b7d-4c6e-9f5a-1b2c3d4e5f6a",
         *       "name": "Web app",
         *       "publicKey": "LS0tLS1CRUdJTiBQVUJMSUMgS0VZLS0tLS0KTUZrd0V3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FF…",
         *       "createdAt": 1763740000000,
         *       "disabled": false
         *     }
         */
        SigningKey: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Base64 of the SPKI PEM of the ES256 (P-256) public key: the `pub` claim of the tokens it signs. */
            publicKey: string;
            createdAt: number;
            /** @description A disabled key's tokens are refused, and the media links they opened stop working. */
            disabled: boolean;
            /** @description When a token signed with it was last accepted (to the minute). */
            lastSeen?: number;
        };
        CreatedSigningKey: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Base64 of the SPKI PEM of the ES256 (P-256) public key: the `pub` claim of the tokens it signs. */
            publicKey: string;
            createdAt: number;
            /** @description A disabled key's tokens are refused, and the media links they opened stop working. */
            disabled: boolean;
            /** @description When a token signed with it was last accepted (to the minute). */
            lastSeen?: number;
            /** @description Base64 of the PKCS#8 PEM of the private key, as `signAccessJwt` of `@livepeer/core/crypto` reads it. Shown this once: it is not kept. */
            privateKey: string;
        };
        /**
         * @example {
         *       "assets": {
         *         "total": 12,
         *         "waiting": 1,
         *         "processing": 0,
         *         "ready": 10,
         *         "failed": 1
         *       },
         *       "storageBytes": 734003200,
         *       "uploadedSeconds": 1830.5,
         *       "exportsThisMonth": 3,
         *       "deliveredBytes": 52428800,
         *       "deliveredSeconds": 610.2,
         *       "monthStart": 1761955200000,
         *       "days": [
         *         {
         *           "start": 1761264000000,
         *           "uploads": 0,
         *           "deliveredBytes": 0,
         *           "deliveredSeconds": 0
         *         },
         *         {
         *           "start": 1761350400000,
         *           "uploads": 4,
         *           "deliveredBytes": 52428800,
         *           "deliveredSeconds": 610.2
         *         }
         *       ]
         *     }
         */
        Usage: {
            /** @description The assets `GET /api/asset` lists, by status. */
            assets: {
                total: number;
                waiting: number;
                processing: number;
                ready: number;
                failed: number;
            };
            /** @description The sum of the listed assets' `size`: the files kept, refused ones included. */
            storageBytes: number;
            /** @description The sum of the listed assets' durations (`videoSpec.duration`), in seconds. */
            uploadedSeconds: number;
            /** @description Export tasks created since `monthStart`, in any phase. */
            exportsThisMonth: number;
            /** @description Playback's bytes sent in the 30 days of `days`: the MP4 and HLS segments, as clients read them. */
            deliveredBytes: number;
            /** @description The seconds of video those bytes carry, in the 30 days of `days`. */
            deliveredSeconds: number;
            /** @description The start of the current month, UTC. */
            monthStart: number;
            /** @description The last 30 days, oldest first, today last. */
            days: {
                /** @description The day's start, UTC midnight. */
                start: number;
                /** @description Assets created that day, deleted ones included (a history of uploads). */
                uploads: number;
                deliveredBytes: number;
                deliveredSeconds: number;
            }[];
        };
        /**
         * @description Livepeer's viewership metric. A field without a value is left out, never `null`.
         * @example {
         *       "timestamp": 1763683200000,
         *       "browser": "Chrome",
         *       "viewCount": 12,
         *       "playtimeMins": 31.5,
         *       "ttffMs": 420,
         *       "rebufferRatio": 0.012,
         *       "errorRate": 0,
         *       "exitsBeforeStart": 0.083
         *     }
         */
        ViewershipMetric: {
            /** @description The start of the time step, ms since the epoch (with `timeStep`). */
            timestamp?: number;
            playbackId?: string;
            /** @description As the user agent names it (Chrome, Safari, Firefox…). */
            browser?: string;
            os?: string;
            /** @description The kind of device: desktop, mobile, tablet, tv or bot. */
            device?: string;
            /** @description ISO 3166-1 alpha-2, from a trusted proxy's header (`VIEWER_COUNTRY_HEADER`). */
            country?: string;
            /** @description Views: sessions with play intent (the viewer pressed play, or playback stalled or failed). */
            viewCount: number;
            /** @description Minutes of video played. */
            playtimeMins: number;
            /** @description Mean time to first frame of the views that reported one, ms. */
            ttffMs?: number;
            /** @description Waiting and stalled time over playing time (absent without playing time). */
            rebufferRatio?: number;
            /** @description The share of views that met an error. */
            errorRate?: number;
            /** @description The share of views that ended, or are still waiting, before their first frame. */
            exitsBeforeStart?: number;
        };
        /**
         * @description Views and playtime, without the quality figures.
         * @example {
         *       "viewCount": 12,
         *       "playtimeMins": 31.5
         *     }
         */
        CreatorViewershipMetric: {
            /** @description The start of the time step, ms since the epoch (with `timeStep`). */
            timestamp?: number;
            playbackId?: string;
            /** @description As the user agent names it (Chrome, Safari, Firefox…). */
            browser?: string;
            os?: string;
            /** @description The kind of device: desktop, mobile, tablet, tv or bot. */
            device?: string;
            /** @description ISO 3166-1 alpha-2, from a trusted proxy's header (`VIEWER_COUNTRY_HEADER`). */
            country?: string;
            /** @description Views: sessions with play intent (the viewer pressed play, or playback stalled or failed). */
            viewCount: number;
            /** @description Minutes of video played. */
            playtimeMins: number;
        };
        /**
         * @description Every view of the playbackId kept (VIEW_ROLLUP_RETENTION_DAYS).
         * @example {
         *       "playbackId": "k3j9x0a8b7c6d5e4",
         *       "viewCount": 1520,
         *       "playtimeMins": 3801.2
         *     }
         */
        PublicViewership: {
            playbackId: string;
            viewCount: number;
            playtimeMins: number;
        };
        /**
         * @example {
         *       "viewCount": 3,
         *       "errorRate": 0
         *     }
         */
        RealtimeViewershipMetric: {
            playbackId?: string;
            /** @description The kind of device: desktop, mobile, tablet, tv or bot. */
            device?: string;
            /** @description As the user agent names it (Chrome, Safari, Firefox…). */
            browser?: string;
            /** @description ISO 3166-1 alpha-2, from a trusted proxy's header (`VIEWER_COUNTRY_HEADER`). */
            country?: string;
            /** @description Views whose player reported in the last 30 seconds. */
            viewCount: number;
            /** @description The share of those views that met an error. */
            errorRate: number;
        };
        /**
         * @description The asset page's Viewers panel: the last 30 days of views.
         * @example {
         *       "from": 1761264000000,
         *       "views": 3,
         *       "playtimeMins": 4.2,
         *       "medianTtffMs": 380,
         *       "rebufferRatio": 0.01,
         *       "errorRate": 0,
         *       "exitsBeforeStart": 0,
         *       "days": [
         *         {
         *           "start": 1761264000000,
         *           "views": 3,
         *           "playtimeMins": 4.2
         *         }
         *       ],
         *       "browsers": [
         *         {
         *           "name": "Chrome",
         *           "views": 3
         *         }
         *       ],
         *       "countries": [
         *         {
         *           "code": "",
         *           "views": 3
         *         }
         *       ]
         *     }
         */
        ViewerSummary: {
            /** @description The first day's start (UTC midnight, 29 days before today's). */
            from: number;
            views: number;
            playtimeMins: number;
            /** @description The median time to first frame of the views that reported one. */
            medianTtffMs?: number;
            rebufferRatio?: number;
            errorRate?: number;
            exitsBeforeStart?: number;
            /** @description The last 30 UTC days, oldest first, today last. */
            days: {
                start: number;
                views: number;
                playtimeMins: number;
            }[];
            /** @description The five browsers with the most views; "" when the user agent named none. */
            browsers: {
                name: string;
                views: number;
            }[];
            /** @description The five countries with the most views; "" when unknown. */
            countries: {
                code: string;
                views: number;
            }[];
        };
        /**
         * @example {
         *       "ok": true,
         *       "node": {
         *         "id": "2d0c8f9e-8a51-4c1e-9a6b-3f1e2d4c5b6a",
         *         "name": "node-a"
         *       },
         *       "database": {
         *         "kind": "postgres",
         *         "ok": true
         *       },
         *       "storage": {
         *         "kind": "s3",
         *         "ok": true
         *       },
         *       "runner": {
         *         "kind": "inline",
         *         "ok": true
         *       },
         *       "otherNodes": [],
         *       "warnings": []
         *     }
         */
        Health: {
            ok: boolean;
            node: {
                id: string;
                name: string;
            };
            database: {
                kind: string;
                ok: boolean;
                error?: string;
            };
            storage: {
                kind: string;
                ok: boolean;
                error?: string;
            };
            runner: {
                kind: string;
                ok: boolean;
                error?: string;
            };
            redis?: {
                kind: string;
                ok: boolean;
                error?: string;
            };
            /** @description Other nodes that said they were alive within a task lease. */
            otherNodes: {
                id: string;
                name: string;
                storage: string;
            }[];
            warnings: string[];
        };
        Liveness: {
            /** @constant */
            ok: true;
        };
        /** @description Livepeer Studio's `source`: `directUpload` for request-upload and tus, `url` for an import, `clip` for a clip (`POST /api/clip`). */
        AssetSourceOutput: {
            /** @constant */
            type: "directUpload";
        } | {
            /** @constant */
            type: "url";
            /** @description The imported URL, without its query (which may hold credentials). */
            url: string;
        } | {
            /** @constant */
            type: "clip";
            /**
             * Format: uuid
             * @description The id of the asset the clip was cut from.
             */
            sourceId: string;
            /** @description That asset's playbackId. */
            playbackId: string;
        };
        /** @description `public`: whoever holds the playbackId plays it. `jwt`: a viewer needs a token signed with one of your signing keys. */
        PlaybackPolicyOutput: {
            /** @enum {string} */
            type: "public" | "jwt";
        };
        /** @description Who made the video, as the client says; kept and shown, not checked. */
        CreatorIdOutput: {
            /** @constant */
            type: "unverified";
            value: string;
        };
        /** @description `sha256`: hex of the file's SHA-256. `cidv1`: its IPFS CID, version 1, computed here with Kubo's and Pinata's layout (see docs/export.md to check it yourself). `md5`: hex of its MD5, as Livepeer lists it (for a checksum only: MD5 proves nothing against a forger). */
        AssetHashOutput: {
            /** @enum {string} */
            algorithm: "sha256" | "cidv1" | "md5";
            hash: string;
        };
        RenditionOutput: {
            /** @description The profile's name (`360p0`), or `source` for the source served as a rung. */
            name: string;
            width: number;
            height: number;
            /** @description Bits per second. */
            bitrate: number;
            fps: number;
            segments: {
                made: number;
                total: number;
            };
        };
        /**
         * @example {
         *       "id": "7f1c3a52-9d0e-4b8a-a6f1-2c3d4e5f6a7b",
         *       "type": "text",
         *       "textType": "subtitles",
         *       "languageCode": "en",
         *       "name": "English",
         *       "status": "ready"
         *     }
         */
        TrackOutput: {
            /** Format: uuid */
            id: string;
            /** @constant */
            type: "text";
            /** @enum {string} */
            textType: "subtitles" | "captions";
            languageCode: string;
            name: string;
            /**
             * @description A track is checked and stored before it is answered: always `ready`.
             * @constant
             */
            status: "ready";
        };
        /**
         * @example {
         *       "id": "3c2b1a0f-9e8d-4c7b-a6f5-e4d3c2b1a0f9",
         *       "type": "export",
         *       "createdAt": 1763740010000,
         *       "updatedAt": 1763740030000,
         *       "inputAssetId": "0f8e4c1a-6b2d-4e3f-9a8b-7c6d5e4f3a2b",
         *       "params": {
         *         "export": {
         *           "custom": {
         *             "url": "https://storage.example.com/videos/1.mp4",
         *             "method": "PUT",
         *             "headers": {
         *               "Authorization": "(redacted)"
         *             }
         *           }
         *         }
         *       },
         *       "status": {
         *         "phase": "completed",
         *         "progress": 1,
         *         "retries": 0,
         *         "updatedAt": 1763740030000
         *       },
         *       "output": {
         *         "export": {
         *           "custom": {
         *             "url": "https://storage.example.com/videos/1.mp4",
         *             "method": "PUT",
         *             "status": 200
         *           }
         *         }
         *       }
         *     }
         */
        Task: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            type: "upload" | "export" | "transcode-file" | "clip";
            createdAt: number;
            updatedAt: number;
            /** Format: uuid */
            inputAssetId?: string;
            params: {
                [key: string]: unknown;
            };
            status: {
                /** @enum {string} */
                phase: "pending" | "waiting" | "running" | "completed" | "failed" | "cancelled";
                progress: number;
                errorMessage?: string;
                retries: number;
                retriedAt?: number;
                updatedAt: number;
            };
            output?: {
                [key: string]: unknown;
            };
        };
    };
    responses: {
        /** @description Malformed JSON, or an invalid query parameter (named in the message). */
        Error400: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
            };
        };
        /** @description Missing, unknown or revoked API token (or no session). */
        Error401: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
            };
        };
        /** @description Refused: a signed URL or token that is invalid, expired or for another asset; or a cross-site request with the session cookie. */
        Error403: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
            };
        };
        /** @description The body is larger than the limit. */
        Error413: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
            };
        };
        /** @description Too many requests, or too many active tasks: retry after `Retry-After` seconds. */
        Error429: {
            headers: {
                /** @description Seconds to wait before trying again. */
                "Retry-After": string;
                /** @description Requests allowed per minute (`RATE_LIMIT_PER_MINUTE`). */
                "RateLimit-Limit": string;
                /** @description Requests left now. */
                "RateLimit-Remaining": string;
                /** @description Seconds until the whole allowance is back. */
                "RateLimit-Reset": string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
            };
        };
        /** @description An unexpected error; the message carries the request id, the details are only in the logs. */
        Error500: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
            };
        };
        /** @description A dependency is unavailable (the database, the object storage, the task queue), as the message says: retry after `Retry-After` seconds. */
        Error503: {
            headers: {
                /** @description Seconds to wait before trying again. */
                "Retry-After": string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
            };
        };
        /** @description The server is out of storage space; nothing of the request was kept. */
        Error507: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
            };
        };
        /** @description Not found; also for another user's asset, task, webhook or key, whose existence is never revealed. */
        Error404: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
            };
        };
        /** @description A well-formed body that is not valid: each message names the field and says why. */
        Error422: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
            };
        };
        /** @description The resource's state does not allow this now. */
        Error409: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Errors"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    requestUpload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 h answers the first answer again (status and body, also a 4xx) instead of acting twice. Keys are per user; 1 to 255 printable ASCII characters (400 otherwise). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name: string;
                    playbackPolicy?: {
                        /** @enum {string} */
                        type: "public" | "jwt";
                    } | null;
                    creatorId?: string | {
                        /** @constant */
                        type: "unverified";
                        value: string;
                    };
                    /** @description `ipfs`: export the file to IPFS (with the server's pinning credentials, `PINATA_JWT`) once the asset is ready. */
                    storage?: {
                        ipfs?: boolean | null | {
                            spec?: {
                                /**
                                 * @description Livepeer's template name; both give the same default metadata, whose `animation_url` is the video file.
                                 * @enum {string}
                                 */
                                nftMetadataTemplate?: "file" | "player";
                                /** @description Merged into the default ERC-1155 metadata (objects merge, `null` deletes a key). */
                                nftMetadata?: {
                                    [key: string]: components["schemas"]["__schema0"];
                                };
                            } | null;
                        };
                    };
                    /** @description Also make faststart MP4s of the transcoded rungs up to 720p, listed in playback info once every segment is made (the uploaded H.264/AAC MP4 is always served). */
                    staticMp4?: boolean;
                    /** @description The HLS segments' target duration (they are cut at keyframes); the default is 6 s. */
                    targetSegmentSizeSecs?: number;
                    /** @description Not supported: files are stored as uploaded, unencrypted. */
                    encryption?: unknown;
                    profiles?: components["schemas"]["TranscodeProfile"][] | null;
                    /** @description Not supported: no C2PA attestations are made. */
                    c2pa?: unknown;
                };
            };
        };
        responses: {
            /** @description The upload URLs, the asset (`waiting`) and its upload task (`pending`). */
            200: {
                headers: {
                    /** @description Present when this answer is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadRequested"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            /** @description A request with the same `Idempotency-Key` is still in progress. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            413: components["responses"]["Error413"];
            /** @description A well-formed body that is not valid: each message names the field and says why. Or: The `Idempotency-Key` was used with another request (endpoint or body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    importAsset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 h answers the first answer again (status and body, also a 4xx) instead of acting twice. Keys are per user; 1 to 255 printable ASCII characters (400 otherwise). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name: string;
                    playbackPolicy?: {
                        /** @enum {string} */
                        type: "public" | "jwt";
                    } | null;
                    creatorId?: string | {
                        /** @constant */
                        type: "unverified";
                        value: string;
                    };
                    /** @description `ipfs`: export the file to IPFS (with the server's pinning credentials, `PINATA_JWT`) once the asset is ready. */
                    storage?: {
                        ipfs?: boolean | null | {
                            spec?: {
                                /**
                                 * @description Livepeer's template name; both give the same default metadata, whose `animation_url` is the video file.
                                 * @enum {string}
                                 */
                                nftMetadataTemplate?: "file" | "player";
                                /** @description Merged into the default ERC-1155 metadata (objects merge, `null` deletes a key). */
                                nftMetadata?: {
                                    [key: string]: components["schemas"]["__schema0"];
                                };
                            } | null;
                        };
                    };
                    /** @description Also make faststart MP4s of the transcoded rungs up to 720p, listed in playback info once every segment is made (the uploaded H.264/AAC MP4 is always served). */
                    staticMp4?: boolean;
                    /** @description The HLS segments' target duration (they are cut at keyframes); the default is 6 s. */
                    targetSegmentSizeSecs?: number;
                    /** @description Not supported: files are stored as uploaded, unencrypted. */
                    encryption?: unknown;
                    profiles?: components["schemas"]["TranscodeProfile"][] | null;
                    /** @description Not supported: no C2PA attestations are made. */
                    c2pa?: unknown;
                    /** @description Where the service fetches the file (GET, following up to 5 redirects). Credentials in it (userinfo, a signed query) are kept sealed and never shown. `ipfs://{cid}[/path]` is fetched as a trustless CAR from the server's IPFS gateway (`IPFS_GATEWAY_URL`), every block checked against its CID; data that does not match fails the task with `the gateway sent data that does not match {cid}`. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The asset (`waiting`, `source.type` `url`) and its upload task, which fetches the file. */
            201: {
                headers: {
                    /** @description Present when this answer is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetImport"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            /** @description A request with the same `Idempotency-Key` is still in progress. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            413: components["responses"]["Error413"];
            /** @description An invalid field; also a URL the address guard refuses, naming `url`. Or: The `Idempotency-Key` was used with another request (endpoint or body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    createClip: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 h answers the first answer again (status and body, also a 4xx) instead of acting twice. Keys are per user; 1 to 255 printable ASCII characters (400 otherwise). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description The playbackId of one of your ready assets. */
                    playbackId: string;
                    /** @description Where the clip starts, in milliseconds from the start of the video: its first frame is the one shown then. */
                    startTime: number;
                    /** @description Where the clip ends, in milliseconds from the start of the video, after `startTime`; the end of the video when absent. */
                    endTime?: number;
                    /** @description The new asset's name; `Clip of <the asset's name>` when absent. */
                    name?: string;
                    /** @description Not supported: clips are cut from assets, not from livestream sessions. */
                    sessionId?: unknown;
                };
            };
        };
        responses: {
            /** @description The clip's asset (`waiting`) and its `clip` task. */
            200: {
                headers: {
                    /** @description Present when this answer is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClipCreated"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            /** @description No asset of yours has this playbackId (another user's is answered the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The asset is not ready yet. Or: A request with the same `Idempotency-Key` is still in progress. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            413: components["responses"]["Error413"];
            /** @description An invalid field, named: times outside the video, `endTime` not after `startTime`, a wrong type. Or: The `Idempotency-Key` was used with another request (endpoint or body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    listAssets: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next page's, from the `Link` header of a page of the same list, order and filters. */
                cursor?: string;
                /** @description The order: by creation time, by name (case-insensitive), or by size (assets with no file yet count as the smallest). */
                sort?: "createdAt" | "name" | "size";
                /** @description `desc` by default for `createdAt` and `size` (newest, largest first), `asc` for `name` (A to Z). */
                order?: "asc" | "desc";
                /** @description Only the assets in this status. */
                status?: "waiting" | "processing" | "ready" | "failed" | "deleting";
                /** @description Only the assets whose name contains this text, whatever its case; blank means no filter. */
                search?: string;
                /** @description `true`: also answer how many assets match, in `X-Total-Count`: exact up to 10,000, an estimate beyond (then `X-Total-Count-Exact: false`). */
                total?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's assets that match, in the order asked (newest first by default). */
            200: {
                headers: {
                    /** @description The next page, when there is one: `<…?cursor=…>; rel="next"`. */
                    Link?: string;
                    /** @description With `total=true`: how many assets match. */
                    "X-Total-Count"?: string;
                    /** @description With `total=true`: `false` when `X-Total-Count` is an estimate (past 10,000 assets, counting them would take a while). */
                    "X-Total-Count-Exact"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Asset"][];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The asset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Asset"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    deleteAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The asset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    updateAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The asset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    playbackPolicy?: {
                        /** @enum {string} */
                        type: "public" | "jwt";
                    } | null;
                    creatorId?: string | {
                        /** @constant */
                        type: "unverified";
                        value: string;
                    };
                    /** @description `ipfs`: export the file to IPFS (with the server's pinning credentials, `PINATA_JWT`) once the asset is ready. */
                    storage?: {
                        ipfs?: boolean | null | {
                            spec?: {
                                /**
                                 * @description Livepeer's template name; both give the same default metadata, whose `animation_url` is the video file.
                                 * @enum {string}
                                 */
                                nftMetadataTemplate?: "file" | "player";
                                /** @description Merged into the default ERC-1155 metadata (objects merge, `null` deletes a key). */
                                nftMetadata?: {
                                    [key: string]: components["schemas"]["__schema0"];
                                };
                            } | null;
                        };
                    };
                    /** @description A new ladder: a ready asset's renditions are planned again (a new ladder version in its HLS URLs) and made as the first ones were; the older ones' files are deleted. */
                    profiles?: components["schemas"]["TranscodeProfile"][];
                };
            };
        };
        responses: {
            /** @description The asset as it now is. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Asset"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getAssetCar: {
        parameters: {
            query?: {
                /** @description Part of the signed `carUrl`: send it back as given. */
                key?: string;
                /** @description Part of the signed `carUrl`: when it expires (ms since the epoch). */
                expires?: string;
                /** @description Part of the signed `carUrl`: its HMAC. */
                signature?: string;
            };
            header?: {
                Range?: string;
            };
            path: {
                /** @description The asset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole CAR, with `Content-Length`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.ipld.car": string;
                };
            };
            /** @description The range asked for, with `Content-Range`. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.ipld.car": string;
                };
            };
            401: components["responses"]["Error401"];
            /** @description The signed URL is not valid or has expired. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            404: components["responses"]["Error404"];
            /** @description The asset's CID is still being computed (an asset from before CIDs, waiting for the backfill). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The range is outside the CAR. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getResumableUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The asset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where to resume the upload. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResumableUpload"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            /** @description The asset no longer waits for its file, or its upload expired. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    reportUploadComplete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The asset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset as it now is. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Asset"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            /** @description No file has been uploaded to the asset's upload URL yet, or the asset no longer waits for one. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    exportAsset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 h answers the first answer again (status and body, also a 4xx) instead of acting twice. Keys are per user; 1 to 255 printable ASCII characters (400 otherwise). */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The asset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    ipfs?: {
                        pinning?: {
                            jwt?: string;
                            apiKey?: string;
                            apiSecret?: string;
                        };
                        pinata?: {
                            jwt?: string;
                            apiKey?: string;
                            apiSecret?: string;
                        };
                        erc1155Metadata?: {
                            [key: string]: components["schemas"]["__schema0"];
                        };
                        nftMetadata?: {
                            [key: string]: components["schemas"]["__schema0"];
                        };
                        /**
                         * @description The CID version pinned and checked: 1 (`bafy…`, raw leaves, the default) or 0 (`Qm…`, for older tools).
                         * @default 1
                         */
                        cidVersion?: 0 | 1;
                        /**
                         * @description Deleting the asset unpins the video and metadata this export pinned, with its credentials (kept encrypted until then).
                         * @default false
                         */
                        unpinOnDelete?: boolean;
                    };
                    custom?: {
                        url: string;
                        /** @enum {string} */
                        method?: "PUT" | "POST" | "PATCH";
                        /** @default {} */
                        headers?: {
                            [key: string]: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description The export task, created. */
            201: {
                headers: {
                    /** @description Present when this answer is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskEnvelope"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            /** @description The asset is not `ready`. Or: A request with the same `Idempotency-Key` is still in progress. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            413: components["responses"]["Error413"];
            /** @description A well-formed body that is not valid: each message names the field and says why. Or: The `Idempotency-Key` was used with another request (endpoint or body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    listTracks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The asset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every track of the asset, oldest first (at most 50). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackList"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    createTrack: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 h answers the first answer again (status and body, also a 4xx) instead of acting twice. Keys are per user; 1 to 255 printable ASCII characters (400 otherwise). */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The asset's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "text";
                    /**
                     * @description `captions` describe sounds as well as speech (for viewers who cannot hear them); `subtitles` translate or transcribe speech.
                     * @enum {string}
                     */
                    textType: "subtitles" | "captions";
                    /**
                     * @description BCP 47 (`en`, `pt-BR`); stored canonicalised.
                     * @example en
                     */
                    languageCode: string;
                    /** @description What players show in their captions menu; by default the language's name (`English`), with ` (CC)` for captions. */
                    name?: string;
                    /** @description Where the service fetches the file (GET through its address guard, following up to 5 redirects), at most 2 MiB. */
                    url?: string;
                    /** @description The file itself, WebVTT or SRT, at most 2 MiB of UTF-8. */
                    text?: string;
                };
            };
        };
        responses: {
            /** @description The track, stored. */
            201: {
                headers: {
                    /** @description Present when this answer is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackOutput"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            /** @description A request with the same `Idempotency-Key` is still in progress. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The file is larger than 2 MiB, naming `text` or `url`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description An invalid field; a file that is neither WebVTT nor SRT (`text: not WebVTT or SRT: line 7: …`, naming the line); a URL refused or that could not be fetched, naming `url`. Or: The `Idempotency-Key` was used with another request (endpoint or body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    deleteTrack: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The asset's id. */
                id: string;
                /** @description The track's id. */
                trackId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    putUpload: {
        parameters: {
            query: {
                /** @description Part of the signed URL: send it back as given. */
                key: string;
                /** @description Part of the signed URL: when it expires (ms since the epoch). */
                expires: string;
                /** @description Part of the signed URL: the most bytes it accepts. */
                max?: string;
                /** @description Part of the signed URL: its HMAC. */
                signature: string;
            };
            header?: never;
            path: {
                /** @description The asset's id. */
                assetId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description Received: the asset moves to `processing`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadReceived"];
                };
            };
            /** @description The upload was interrupted before the whole file arrived: PUT it again while the URL is valid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            /** @description The URL was already used, or a resumable (tus) upload of the asset has started. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The file is larger than `MAX_UPLOAD_BYTES`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    downloadAsset: {
        parameters: {
            query: {
                /** @description Part of the signed URL: send it back as given. */
                key: string;
                /** @description Part of the signed URL: when it expires (ms since the epoch). */
                expires: string;
                /** @description Part of the signed URL: its HMAC. */
                signature: string;
            };
            header?: {
                Range?: string;
            };
            path: {
                /** @description The asset's id. */
                assetId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description The range asked for, with `Content-Range`. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            /** @description The range is outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    createTusUpload: {
        parameters: {
            query: {
                /** @description The signed token of the asset, as `tusEndpoint` and `Location` carry it. */
                token: string;
            };
            header: {
                "Tus-Resumable": "1.0.0";
                /** @description The file's size in bytes. */
                "Upload-Length": string;
                /** @description `filename` and `filetype`, base64 (the file is judged by its bytes). */
                "Upload-Metadata"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created; `Location` is the upload's URL, carrying the token. */
            201: {
                headers: {
                    "Tus-Resumable"?: "1.0.0";
                    "Upload-Offset"?: string;
                    "Upload-Length"?: string;
                    "Upload-Expires"?: string;
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            /** @description The asset's file was already received, or an upload to its PUT URL has started. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description `Upload-Length` is larger than `MAX_UPLOAD_BYTES`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    terminateTusUpload: {
        parameters: {
            query: {
                /** @description The signed token of the asset, as `tusEndpoint` and `Location` carry it. */
                token: string;
            };
            header: {
                "Tus-Resumable": "1.0.0";
            };
            path: {
                /** @description The upload's id (its asset's id), from the `Location` of its creation. */
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Terminated. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getTusUploadOffset: {
        parameters: {
            query: {
                /** @description The signed token of the asset, as `tusEndpoint` and `Location` carry it. */
                token: string;
            };
            header: {
                "Tus-Resumable": "1.0.0";
            };
            path: {
                /** @description The upload's id (its asset's id), from the `Location` of its creation. */
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offset. */
            200: {
                headers: {
                    "Tus-Resumable": "1.0.0";
                    /** @description How many bytes the server has. */
                    "Upload-Offset": string;
                    "Upload-Length"?: string;
                    /** @description When the unfinished upload (and its URL) expires, as an HTTP date. */
                    "Upload-Expires"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    patchTusUpload: {
        parameters: {
            query: {
                /** @description The signed token of the asset, as `tusEndpoint` and `Location` carry it. */
                token: string;
            };
            header: {
                "Tus-Resumable": "1.0.0";
                "Upload-Offset": string;
                "Content-Type": "application/offset+octet-stream";
            };
            path: {
                /** @description The upload's id (its asset's id), from the `Location` of its creation. */
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/offset+octet-stream": string;
            };
        };
        responses: {
            /** @description Accepted; the new offset is in `Upload-Offset`. After the last byte the asset moves to `processing`. */
            204: {
                headers: {
                    "Tus-Resumable": "1.0.0";
                    /** @description How many bytes the server has. */
                    "Upload-Offset": string;
                    "Upload-Length"?: string;
                    /** @description When the unfinished upload (and its URL) expires, as an HTTP date. */
                    "Upload-Expires"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            409: components["responses"]["Error409"];
            413: components["responses"]["Error413"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    receiveStorageNotification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Handled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StorageNotificationResult"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            /** @description Storage webhooks are not enabled (they need S3 storage and `STORAGE_WEBHOOK_SECRET`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            413: components["responses"]["Error413"];
            422: components["responses"]["Error422"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    listTasks: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next page's, from the `Link` header of a page of the same list, order and filters. */
                cursor?: string;
                /** @description Only the tasks of this asset. */
                assetId?: string;
                /** @description Only the tasks of this type. */
                type?: "upload" | "export" | "transcode-file" | "clip";
                /** @description Only the tasks in this phase. */
                phase?: "pending" | "waiting" | "running" | "completed" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's upload and export tasks that match, newest first. */
            200: {
                headers: {
                    /** @description The next page, when there is one: `<…?cursor=…>; rel="next"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"][];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The task's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    cancelTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The task's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task, `cancelled`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskEnvelope"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            /** @description The task has already ended. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    retryTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The task's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "custom": {
                 *         "headers": {
                 *           "Authorization": "Bearer …"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    ipfs?: {
                        pinning?: {
                            jwt?: string;
                            apiKey?: string;
                            apiSecret?: string;
                        };
                        pinata?: {
                            jwt?: string;
                            apiKey?: string;
                            apiSecret?: string;
                        };
                    };
                    custom?: {
                        headers: {
                            [key: string]: string;
                        };
                    };
                } | {
                    /** @description Where the service fetches the file (GET, following up to 5 redirects). Credentials in it (userinfo, a signed query) are kept sealed and never shown. `ipfs://{cid}[/path]` is fetched as a trustless CAR from the server's IPFS gateway (`IPFS_GATEWAY_URL`), every block checked against its CID; data that does not match fails the task with `the gateway sent data that does not match {cid}`. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The task, queued again. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskEnvelope"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            /** @description The task is not `failed`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            413: components["responses"]["Error413"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next page's, from the `Link` header of a page of the same list, order and filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's webhooks, newest first. */
            200: {
                headers: {
                    /** @description The next page, when there is one: `<…?cursor=…>; rel="next"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"][];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 h answers the first answer again (status and body, also a 4xx) instead of acting twice. Keys are per user; 1 to 255 printable ASCII characters (400 otherwise). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name: string;
                    url: string;
                    events?: ("asset.created" | "asset.updated" | "asset.ready" | "asset.failed" | "asset.deleted" | "task.spawned" | "task.updated" | "task.completed" | "task.failed")[];
                    sharedSecret?: string;
                    /** @description Accepted from Livepeer's clients and ignored: there are no projects or streams here. */
                    projectId?: string;
                    /** @description Accepted from Livepeer's clients and ignored: there are no projects or streams here. */
                    streamId?: string;
                };
            };
        };
        responses: {
            /** @description The webhook, with its `sharedSecret` this once. */
            200: {
                headers: {
                    /** @description Present when this answer is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhook"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            /** @description A request with the same `Idempotency-Key` is still in progress. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            413: components["responses"]["Error413"];
            /** @description An invalid field, or a URL that the outbound guard refuses (private addresses). Or: The `Idempotency-Key` was used with another request (endpoint or body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    replaceWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name: string;
                    url: string;
                    events?: ("asset.created" | "asset.updated" | "asset.ready" | "asset.failed" | "asset.deleted" | "task.spawned" | "task.updated" | "task.completed" | "task.failed")[];
                    sharedSecret?: string;
                    /** @description Accepted from Livepeer's clients and ignored: there are no projects or streams here. */
                    projectId?: string;
                    /** @description Accepted from Livepeer's clients and ignored: there are no projects or streams here. */
                    streamId?: string;
                };
            };
        };
        responses: {
            /** @description The webhook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted webhook (Livepeer's SDK reads it). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "disabled": true
                 *     }
                 */
                "application/json": {
                    name?: string;
                    url?: string;
                    events?: ("asset.created" | "asset.updated" | "asset.ready" | "asset.failed" | "asset.deleted" | "task.spawned" | "task.updated" | "task.completed" | "task.failed")[];
                    sharedSecret?: string;
                    disabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The webhook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt's log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookLog"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            /** @description The webhook is disabled, or its URL is refused by the outbound guard. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    listWebhookLogs: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next page's, from the `Link` header of a page of the same list, order and filters. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The webhook's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Attempts, newest first. */
            200: {
                headers: {
                    /** @description The next page, when there is one: `<…?cursor=…>; rel="next"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookLog"][];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getWebhookLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                id: string;
                /** @description The log entry's id. */
                logId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookLog"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    resendWebhookLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook's id. */
                id: string;
                /** @description The log entry's id. */
                logId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new attempt's log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookLog"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            /** @description The event is no longer kept (events are kept 7 days), the webhook is disabled, or its URL is refused by the outbound guard. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next page's, from the `Link` header of a page of the same list, order and filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's keys (never their tokens), newest first. */
            200: {
                headers: {
                    /** @description The next page, when there is one: `<…?cursor=…>; rel="next"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"][];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 h answers the first answer again (status and body, also a 4xx) instead of acting twice. Keys are per user; 1 to 255 printable ASCII characters (400 otherwise). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name: string;
                    /**
                     * @description How answers to this key show an asset's `status`: `plain`, a string; `studio`, Livepeer Studio's status object (which its SDK requires); `auto` (the default), Studio's when the request comes from the Livepeer SDK (`User-Agent: speakeasy-sdk/… livepeer`), else plain.
                     * @default auto
                     * @enum {string}
                     */
                    responseShape?: "auto" | "plain" | "studio";
                };
            };
        };
        responses: {
            /** @description The key, and its token this once (only its hash is kept). */
            201: {
                headers: {
                    /** @description Present when this answer is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            /** @description A request with the same `Idempotency-Key` is still in progress. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            413: components["responses"]["Error413"];
            /** @description A well-formed body that is not valid: each message names the field and says why. Or: The `Idempotency-Key` was used with another request (endpoint or body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    updateApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    /**
                     * @description How answers to this key show an asset's `status`: `plain`, a string; `studio`, Livepeer Studio's status object (which its SDK requires); `auto` (the default), Studio's when the request comes from the Livepeer SDK (`User-Agent: speakeasy-sdk/… livepeer`), else plain.
                     * @enum {string}
                     */
                    responseShape?: "auto" | "plain" | "studio";
                };
            };
        };
        responses: {
            /** @description The key as it now is. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getPlaybackInfo: {
        parameters: {
            query?: {
                /** @description A viewer token, for an asset whose playback policy is `jwt`. */
                jwt?: string;
            };
            header?: {
                /** @description A viewer token, as the `jwt` query parameter. */
                "Livepeer-Jwt"?: string;
            };
            path: {
                /** @description The asset's `playbackId`: whoever holds it may play the asset. */
                playbackId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where to play the asset from, and its playback policy. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        type: "vod";
                        meta: {
                            playbackPolicy: components["schemas"]["PlaybackPolicyOutput"];
                            source: ({
                                /** @constant */
                                hrn: "HLS (TS)";
                                /** @constant */
                                type: "html5/application/vnd.apple.mpegurl";
                                /** @description The media playlist: fMP4 (CMAF) segments cut from the MP4 on request; `HLS (TS)` is Livepeer's name for it. */
                                url: string;
                            } | {
                                /** @constant */
                                hrn: "MP4";
                                /** @constant */
                                type: "html5/video/mp4";
                                url: string;
                                size?: number;
                                width?: number;
                                height?: number;
                                bitrate?: number;
                            } | {
                                /** @constant */
                                hrn: "Thumbnail (JPEG)";
                                /** @constant */
                                type: "image/jpeg";
                                url: string;
                            } | {
                                /** @constant */
                                hrn: "Thumbnails";
                                /** @constant */
                                type: "text/vtt";
                                url: string;
                            })[];
                        };
                    };
                };
            };
            /** @description The asset's policy is `jwt` and no token was sent. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description A token was sent and refused: expired, for another playbackId, a bad signature, or a signing key that is unknown, disabled, deleted or another account's. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description No ready asset has this playbackId. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getPlaybackVideo: {
        parameters: {
            query?: {
                /** @description A viewer token (JWT, ES256) signed with one of the owner's signing keys; only for assets whose `playbackPolicy` is `jwt`. */
                jwt?: string;
                /** @description A short-lived media token, as the HLS playlist of a `jwt` asset writes into its segment URLs. */
                token?: string;
            };
            header?: {
                Range?: string;
                /** @description The viewer token, as a header instead of the `jwt` parameter. */
                "Livepeer-Jwt"?: string;
            };
            path: {
                /** @description The asset's `playbackId`: whoever holds it may play the asset. */
                playbackId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description The range asked for, with `Content-Range`. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description The asset's playback policy is `jwt` and no token was sent. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description A token was sent and refused: expired, for another playbackId, badly signed, or its signing key is unknown, disabled or another user's. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description No ready asset has this playbackId. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The range is outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getPlaybackStaticMp4: {
        parameters: {
            query?: {
                /** @description A viewer token (JWT, ES256) signed with one of the owner's signing keys; only for assets whose `playbackPolicy` is `jwt`. */
                jwt?: string;
                /** @description A short-lived media token, as the HLS playlist of a `jwt` asset writes into its segment URLs. */
                token?: string;
            };
            header?: {
                Range?: string;
                /** @description The viewer token, as a header instead of the `jwt` parameter. */
                "Livepeer-Jwt"?: string;
            };
            path: {
                /** @description The asset's `playbackId`: whoever holds it may play the asset. */
                playbackId: string;
                /** @description `{rendition}-{ladder}.mp4`, as playback info lists it. */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The MP4. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description The range asked for, with `Content-Range`. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                };
            };
            /** @description The asset's playback policy is `jwt` and no token was sent. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description A token was sent and refused: expired, for another playbackId, badly signed, or its signing key is unknown, disabled or another user's. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description No ready asset has this playbackId, or it has no such MP4 (yet). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The range is outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getPlaybackPoster: {
        parameters: {
            query?: {
                /** @description A viewer token (JWT, ES256) signed with one of the owner's signing keys; only for assets whose `playbackPolicy` is `jwt`. */
                jwt?: string;
                /** @description A short-lived media token, as the HLS playlist of a `jwt` asset writes into its segment URLs. */
                token?: string;
            };
            header?: {
                Range?: string;
                /** @description The viewer token, as a header instead of the `jwt` parameter. */
                "Livepeer-Jwt"?: string;
            };
            path: {
                /** @description The asset's `playbackId`: whoever holds it may play the asset. */
                playbackId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The poster. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description The range asked for, with `Content-Range`. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description The asset's playback policy is `jwt` and no token was sent. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description A token was sent and refused: expired, for another playbackId, badly signed, or its signing key is unknown, disabled or another user's. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description No ready asset has this playbackId, or no poster could be made for it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The range is outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getPlaybackThumbnail: {
        parameters: {
            query?: {
                /** @description A viewer token (JWT, ES256) signed with one of the owner's signing keys; only for assets whose `playbackPolicy` is `jwt`. */
                jwt?: string;
                /** @description A short-lived media token, as the HLS playlist of a `jwt` asset writes into its segment URLs. */
                token?: string;
                /** @description Seconds from the start, from 0 to the video's duration (default: the poster's time). */
                time?: string;
                /** @description Pixels, 16 to 1920; the height keeps the aspect. Default: the video's width; never larger than it. */
                width?: string;
            };
            header?: {
                Range?: string;
                /** @description The viewer token, as a header instead of the `jwt` parameter. */
                "Livepeer-Jwt"?: string;
            };
            path: {
                /** @description The asset's `playbackId`: whoever holds it may play the asset. */
                playbackId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The frame. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description The range asked for, with `Content-Range`. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description The asset's playback policy is `jwt` and no token was sent. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description A token was sent and refused: expired, for another playbackId, badly signed, or its signing key is unknown, disabled or another user's. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description No ready asset has this playbackId. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The range is outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `time` is not a number of seconds within the video, or `width` is not a whole number of pixels from 16 to 1920; the message names it. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            500: components["responses"]["Error500"];
            /** @description ffmpeg does not run on this server, or could not make the frame; the message says which. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            507: components["responses"]["Error507"];
        };
    };
    getPlaybackStoryboard: {
        parameters: {
            query?: {
                /** @description A viewer token (JWT, ES256) signed with one of the owner's signing keys; only for assets whose `playbackPolicy` is `jwt`. */
                jwt?: string;
                /** @description A short-lived media token, as the HLS playlist of a `jwt` asset writes into its segment URLs. */
                token?: string;
            };
            header?: {
                Range?: string;
                /** @description The viewer token, as a header instead of the `jwt` parameter. */
                "Livepeer-Jwt"?: string;
            };
            path: {
                /** @description The asset's `playbackId`: whoever holds it may play the asset. */
                playbackId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The WebVTT file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/vtt": string;
                };
            };
            /** @description The range asked for, with `Content-Range`. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/vtt": string;
                };
            };
            /** @description The asset's playback policy is `jwt` and no token was sent. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description A token was sent and refused: expired, for another playbackId, badly signed, or its signing key is unknown, disabled or another user's. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description No ready asset has this playbackId. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The range is outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            500: components["responses"]["Error500"];
            /** @description ffmpeg does not run on this server, or could not make the storyboard; the message says which. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            507: components["responses"]["Error507"];
        };
    };
    getPlaybackStoryboardSprite: {
        parameters: {
            query?: {
                /** @description A viewer token (JWT, ES256) signed with one of the owner's signing keys; only for assets whose `playbackPolicy` is `jwt`. */
                jwt?: string;
                /** @description A short-lived media token, as the HLS playlist of a `jwt` asset writes into its segment URLs. */
                token?: string;
            };
            header?: {
                Range?: string;
                /** @description The viewer token, as a header instead of the `jwt` parameter. */
                "Livepeer-Jwt"?: string;
            };
            path: {
                /** @description The asset's `playbackId`: whoever holds it may play the asset. */
                playbackId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sprite. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description The range asked for, with `Content-Range`. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description The asset's playback policy is `jwt` and no token was sent. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description A token was sent and refused: expired, for another playbackId, badly signed, or its signing key is unknown, disabled or another user's. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description No ready asset has this playbackId. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The range is outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            500: components["responses"]["Error500"];
            /** @description ffmpeg does not run on this server, or could not make the storyboard; the message says which. */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            507: components["responses"]["Error507"];
        };
    };
    getHlsPlaylist: {
        parameters: {
            query?: {
                /** @description A viewer token (JWT, ES256) signed with one of the owner's signing keys; only for assets whose `playbackPolicy` is `jwt`. */
                jwt?: string;
                /** @description A short-lived media token, as the HLS playlist of a `jwt` asset writes into its segment URLs. */
                token?: string;
            };
            header?: {
                Range?: string;
                /** @description The viewer token, as a header instead of the `jwt` parameter. */
                "Livepeer-Jwt"?: string;
            };
            path: {
                /** @description The asset's `playbackId`: whoever holds it may play the asset. */
                playbackId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The playlist. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.apple.mpegurl": string;
                };
            };
            /** @description The range asked for, with `Content-Range`. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.apple.mpegurl": string;
                };
            };
            /** @description The asset's playback policy is `jwt` and no token was sent. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description A token was sent and refused: expired, for another playbackId, badly signed, or its signing key is unknown, disabled or another user's. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description No ready asset has this playbackId. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The range is outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getHlsSegment: {
        parameters: {
            query?: {
                /** @description A viewer token (JWT, ES256) signed with one of the owner's signing keys; only for assets whose `playbackPolicy` is `jwt`. */
                jwt?: string;
                /** @description A short-lived media token, as the HLS playlist of a `jwt` asset writes into its segment URLs. */
                token?: string;
            };
            header?: {
                Range?: string;
                /** @description The viewer token, as a header instead of the `jwt` parameter. */
                "Livepeer-Jwt"?: string;
            };
            path: {
                /** @description The asset's `playbackId`: whoever holds it may play the asset. */
                playbackId: string;
                /** @description The packaging version the playlist names (`v1`), or a transcoded asset's rendition and ladder version (`t0-1`: a rung; `a-1`: the audio; `s-1`, `sa-1`: the source's own video and audio tracks). */
                version: string;
                /** @description `init.mp4` (the fMP4 initialization segment), `{n}.m4s` (media segment n, from 0), or a rendition's `index.m3u8`. */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The segment (WebVTT for a subtitle rendition), or the rendition's media playlist. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                    "text/vtt": string;
                    "application/vnd.apple.mpegurl": string;
                };
            };
            /** @description The range asked for, with `Content-Range`. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                    "text/vtt": string;
                    "application/vnd.apple.mpegurl": string;
                };
            };
            /** @description The asset's playback policy is `jwt` and no token was sent. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description A token was sent and refused: expired, for another playbackId, badly signed, or its signing key is unknown, disabled or another user's. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description No ready asset has this playbackId, or no such segment, rendition, track or packaging version. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description The range is outside the file. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    listSigningKeys: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next page's, from the `Link` header of a page of the same list, order and filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's keys (never their private keys), newest first. */
            200: {
                headers: {
                    /** @description The next page, when there is one: `<…?cursor=…>; rel="next"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningKey"][];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    createSigningKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 h answers the first answer again (status and body, also a 4xx) instead of acting twice. Keys are per user; 1 to 255 printable ASCII characters (400 otherwise). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The key, with its `privateKey` this once. */
            200: {
                headers: {
                    /** @description Present when this answer is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedSigningKey"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            /** @description A request with the same `Idempotency-Key` is still in progress. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            413: components["responses"]["Error413"];
            /** @description A well-formed body that is not valid: each message names the field and says why. Or: The `Idempotency-Key` was used with another request (endpoint or body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getSigningKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signing key's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningKey"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    deleteSigningKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signing key's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    updateSigningKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signing key's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    disabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Changed (Livepeer's SDK expects no body). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            422: components["responses"]["Error422"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures, as of now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description A query parameter: this operation takes none. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    logPlaybackMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/plain": components["schemas"]["SessionData"];
                "application/json": components["schemas"]["SessionData"];
            };
        };
        responses: {
            /** @description Taken (or an unknown playbackId, ignored). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not a SessionData: not JSON, or a field of the wrong type (named in the message). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Larger than 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Too many reports from this address, or for this playbackId: retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    /** @description Requests allowed per minute (`RATE_LIMIT_PER_MINUTE`). */
                    "RateLimit-Limit": string;
                    /** @description Requests left now. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the whole allowance is back. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getViewershipMetrics: {
        parameters: {
            query?: {
                /** @description Only this playbackId's views (one of the caller's assets). */
                playbackId?: string;
                /** @description Only this asset's views (one of the caller's). */
                assetId?: string;
                /** @description Start of the range, inclusive (default: the oldest views kept). Counted by the hour each view started in. */
                from?: string;
                /** @description End of the range, exclusive (default: now). */
                to?: string;
                /** @description One row per hour, day, week (from Monday), month or year, UTC, each with its `timestamp`; without it, one row for the whole range. */
                timeStep?: "hour" | "day" | "week" | "month" | "year";
                /** @description One row per value of each field (and time step). Repeat the parameter for several: `breakdownBy[]=browser&breakdownBy[]=os` (`breakdownBy` is read too). */
                "breakdownBy[]"?: ("playbackId" | "browser" | "os" | "device" | "country")[];
                /** @description Livepeer's live streams: this service has none (404). */
                streamId?: string;
                /** @description Not supported here (400): filter by `assetId` or `playbackId`. */
                creatorId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per time step and breakdown value that has views. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ViewershipMetric"][];
                };
            };
            /** @description A query parameter (named in the message): an unknown one, a bad time or breakdown, `from` not before `to`, or `creatorId`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            /** @description The asset or playbackId is not one of the caller's (or `streamId`: no live streams here). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getCreatorViewershipMetrics: {
        parameters: {
            query: {
                /** @description The asset (one of the caller's): required. */
                assetId: string;
                /** @description Start of the range, inclusive (default: the oldest views kept). Counted by the hour each view started in. */
                from?: string;
                /** @description End of the range, exclusive (default: now). */
                to?: string;
                /** @description One row per hour, day, week (from Monday), month or year, UTC, each with its `timestamp`; without it, one row for the whole range. */
                timeStep?: "hour" | "day" | "week" | "month" | "year";
                /** @description One row per value of each field (and time step). Repeat the parameter for several: `breakdownBy[]=browser&breakdownBy[]=os` (`breakdownBy` is read too). */
                "breakdownBy[]"?: ("browser" | "os" | "device" | "country")[];
                /** @description Livepeer's live streams: this service has none (404). */
                streamId?: string;
                /** @description Not supported here (400): filter by `assetId` or `playbackId`. */
                creatorId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per time step and breakdown value that has views. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatorViewershipMetric"][];
                };
            };
            /** @description A query parameter (named in the message): an unknown one, a bad time or breakdown, `from` not before `to`, or `creatorId`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            /** @description The asset or playbackId is not one of the caller's (or `streamId`: no live streams here). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getPublicViewershipMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                playbackId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every view kept. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicViewership"];
                };
            };
            /** @description No asset has this playbackId. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getRealtimeViewershipNow: {
        parameters: {
            query?: {
                /** @description Only this playbackId's viewers (one of the caller's assets). */
                playbackId?: string;
                /** @description One row per value of each field. Repeat the parameter for several: `breakdownBy[]=browser&breakdownBy[]=os` (`breakdownBy` is read too). */
                "breakdownBy[]"?: ("playbackId" | "device" | "browser" | "country")[];
                /** @description Not supported here (400): filter by `assetId` or `playbackId`. */
                creatorId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per breakdown value; without a breakdown, one row, counting 0 when nobody watches. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RealtimeViewershipMetric"][];
                };
            };
            /** @description A query parameter (named in the message): an unknown one, a bad time or breakdown, `from` not before `to`, or `creatorId`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            /** @description The asset or playbackId is not one of the caller's (or `streamId`: no live streams here). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getViewerSummary: {
        parameters: {
            query: {
                /** @description The asset (one of the caller's). */
                assetId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset's figures. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ViewerSummary"];
                };
            };
            400: components["responses"]["Error400"];
            401: components["responses"]["Error401"];
            403: components["responses"]["Error403"];
            /** @description The asset is not one of the caller's. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every dependency answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            500: components["responses"]["Error500"];
            /** @description A dependency does not answer (`ok: false`): each one's `ok` says which. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            507: components["responses"]["Error507"];
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Liveness"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description METRICS_TOKEN is set and the request did not send it. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    authJsGET1: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                action: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Auth.js's answer: JSON (`csrf`, `session`, `providers`), a page, or a redirect. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                    "text/html": string;
                };
            };
            /** @description A redirect, with the session cookie set or cleared. */
            302: {
                headers: {
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Auth.js refused the request. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Auth.js refused the request (CSRF). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    authJsPOST1: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                action: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Auth.js's answer: JSON (`csrf`, `session`, `providers`), a page, or a redirect. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                    "text/html": string;
                };
            };
            /** @description A redirect, with the session cookie set or cleared. */
            302: {
                headers: {
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Auth.js refused the request. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Auth.js refused the request (CSRF). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    authJsGET2: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                action: string;
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Auth.js's answer: JSON (`csrf`, `session`, `providers`), a page, or a redirect. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                    "text/html": string;
                };
            };
            /** @description A redirect, with the session cookie set or cleared. */
            302: {
                headers: {
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Auth.js refused the request. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Auth.js refused the request (CSRF). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    authJsPOST2: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                action: string;
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Auth.js's answer: JSON (`csrf`, `session`, `providers`), a page, or a redirect. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                    "text/html": string;
                };
            };
            /** @description A redirect, with the session cookie set or cleared. */
            302: {
                headers: {
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Auth.js refused the request. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Auth.js refused the request (CSRF). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            404: components["responses"]["Error404"];
            413: components["responses"]["Error413"];
            429: components["responses"]["Error429"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    inngestGET: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Inngest's protocol. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description The call does not carry a valid Inngest signature. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Inngest is not configured on this server (tasks run inline). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            413: components["responses"]["Error413"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    inngestPUT: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Inngest's protocol. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description The call does not carry a valid Inngest signature. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Inngest is not configured on this server (tasks run inline). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            413: components["responses"]["Error413"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    inngestPOST: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Inngest's protocol. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Inngest's protocol: a step ran, the run goes on. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description The call does not carry a valid Inngest signature. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            /** @description Inngest is not configured on this server (tasks run inline). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Errors"];
                };
            };
            413: components["responses"]["Error413"];
            500: components["responses"]["Error500"];
            503: components["responses"]["Error503"];
            507: components["responses"]["Error507"];
        };
    };
    "event:asset.created": {
        parameters: {
            query?: never;
            header: {
                /** @description Livepeer's signature: `t=<ms>,v1=<hex HMAC-SHA256 of the raw body, keyed by the shared secret's UTF-8 bytes>`. */
                "Livepeer-Signature": string;
                /** @description Standard Webhooks: the event's id, the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: the send time in seconds. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the base64 part of a `whsec_` secret, else by the secret's UTF-8 bytes. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received; any 2xx answer counts as delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event:asset.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description Livepeer's signature: `t=<ms>,v1=<hex HMAC-SHA256 of the raw body, keyed by the shared secret's UTF-8 bytes>`. */
                "Livepeer-Signature": string;
                /** @description Standard Webhooks: the event's id, the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: the send time in seconds. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the base64 part of a `whsec_` secret, else by the secret's UTF-8 bytes. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received; any 2xx answer counts as delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event:asset.ready": {
        parameters: {
            query?: never;
            header: {
                /** @description Livepeer's signature: `t=<ms>,v1=<hex HMAC-SHA256 of the raw body, keyed by the shared secret's UTF-8 bytes>`. */
                "Livepeer-Signature": string;
                /** @description Standard Webhooks: the event's id, the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: the send time in seconds. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the base64 part of a `whsec_` secret, else by the secret's UTF-8 bytes. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received; any 2xx answer counts as delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event:asset.failed": {
        parameters: {
            query?: never;
            header: {
                /** @description Livepeer's signature: `t=<ms>,v1=<hex HMAC-SHA256 of the raw body, keyed by the shared secret's UTF-8 bytes>`. */
                "Livepeer-Signature": string;
                /** @description Standard Webhooks: the event's id, the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: the send time in seconds. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the base64 part of a `whsec_` secret, else by the secret's UTF-8 bytes. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received; any 2xx answer counts as delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event:asset.deleted": {
        parameters: {
            query?: never;
            header: {
                /** @description Livepeer's signature: `t=<ms>,v1=<hex HMAC-SHA256 of the raw body, keyed by the shared secret's UTF-8 bytes>`. */
                "Livepeer-Signature": string;
                /** @description Standard Webhooks: the event's id, the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: the send time in seconds. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the base64 part of a `whsec_` secret, else by the secret's UTF-8 bytes. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received; any 2xx answer counts as delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event:task.spawned": {
        parameters: {
            query?: never;
            header: {
                /** @description Livepeer's signature: `t=<ms>,v1=<hex HMAC-SHA256 of the raw body, keyed by the shared secret's UTF-8 bytes>`. */
                "Livepeer-Signature": string;
                /** @description Standard Webhooks: the event's id, the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: the send time in seconds. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the base64 part of a `whsec_` secret, else by the secret's UTF-8 bytes. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received; any 2xx answer counts as delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event:task.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description Livepeer's signature: `t=<ms>,v1=<hex HMAC-SHA256 of the raw body, keyed by the shared secret's UTF-8 bytes>`. */
                "Livepeer-Signature": string;
                /** @description Standard Webhooks: the event's id, the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: the send time in seconds. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the base64 part of a `whsec_` secret, else by the secret's UTF-8 bytes. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received; any 2xx answer counts as delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event:task.completed": {
        parameters: {
            query?: never;
            header: {
                /** @description Livepeer's signature: `t=<ms>,v1=<hex HMAC-SHA256 of the raw body, keyed by the shared secret's UTF-8 bytes>`. */
                "Livepeer-Signature": string;
                /** @description Standard Webhooks: the event's id, the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: the send time in seconds. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the base64 part of a `whsec_` secret, else by the secret's UTF-8 bytes. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received; any 2xx answer counts as delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event:task.failed": {
        parameters: {
            query?: never;
            header: {
                /** @description Livepeer's signature: `t=<ms>,v1=<hex HMAC-SHA256 of the raw body, keyed by the shared secret's UTF-8 bytes>`. */
                "Livepeer-Signature": string;
                /** @description Standard Webhooks: the event's id, the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: the send time in seconds. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the base64 part of a `whsec_` secret, else by the secret's UTF-8 bytes. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received; any 2xx answer counts as delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event:webhook.test": {
        parameters: {
            query?: never;
            header: {
                /** @description Livepeer's signature: `t=<ms>,v1=<hex HMAC-SHA256 of the raw body, keyed by the shared secret's UTF-8 bytes>`. */
                "Livepeer-Signature": string;
                /** @description Standard Webhooks: the event's id, the same on every attempt. */
                "webhook-id": string;
                /** @description Standard Webhooks: the send time in seconds. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the base64 part of a `whsec_` secret, else by the secret's UTF-8 bytes. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received; any 2xx answer counts as delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
