#!/usr/bin/env bash
# Regenerates the small media fixtures in test/fixtures/media/ (needs ffmpeg).
# The outputs are committed; tests never run ffmpeg. random.bin is kept if it
# already exists so that regenerating does not churn it.
set -euo pipefail

out="$(cd "$(dirname "$0")/.." && pwd)/test/fixtures/media"
mkdir -p "$out"

video=(-f lavfi -i "testsrc=size=320x240:rate=25:duration=2")
audio=(-f lavfi -i "sine=frequency=440:sample_rate=44100:duration=2")
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
# Strip metadata / encoder version tags and use single threads so reruns are byte-identical.
common=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact -threads 1)
x264=(-c:v libx264 -preset veryfast -crf 30 -pix_fmt yuv420p -g 25 -x264-params threads=1)
aac=(-c:a aac -b:a 64k -ac 1 -ar 44100)

ff "${video[@]}" "${audio[@]}" "${common[@]}" "${x264[@]}" "${aac[@]}" -movflags +faststart "$out/h264-aac.mp4"
ff "${video[@]}" "${audio[@]}" "${common[@]}" "${x264[@]}" "${aac[@]}" "$out/h264-aac-moov-end.mp4"
ff "${video[@]}" "${common[@]}" "${x264[@]}" -movflags +faststart "$out/h264-video-only.mp4"
ff "${video[@]}" "${audio[@]}" "${common[@]}" -c:v libx265 -preset fast -crf 32 -pix_fmt yuv420p -tag:v hvc1 \
  -x265-params "log-level=error:pools=none:frame-threads=1" "${aac[@]}" -movflags +faststart "$out/hevc-aac.mp4"
ff "${video[@]}" "${audio[@]}" "${common[@]}" -c:v libvpx-vp9 -b:v 200k -deadline good -cpu-used 4 \
  -c:a libopus -b:a 48k -ac 1 "$out/vp9-opus.webm"
ff "${video[@]}" "${audio[@]}" "${common[@]}" "${x264[@]}" -c:a libmp3lame -b:a 64k -ac 1 -ar 44100 \
  -movflags +faststart "$out/h264-mp3.mp4"
# QuickTime (brand `qt  `) with uncompressed sound, as screen recorders and cameras write it; must be rejected.
ff "${video[@]}" "${audio[@]}" "${common[@]}" "${x264[@]}" -c:a pcm_s16le -ac 1 -ar 44100 \
  -movflags +faststart "$out/h264-pcm.mov"

# Sound only: refused with ffmpeg or without ("no video track").
ff "${audio[@]}" "${common[@]}" "${aac[@]}" -movflags +faststart "$out/aac-only.mp4"

[[ -f "$out/random.bin" ]] || head -c 65536 /dev/urandom > "$out/random.bin"

size=$(stat -c %s "$out/h264-aac.mp4")
head -c $((size / 2)) "$out/h264-aac.mp4" > "$out/truncated.mp4"

# Print the top-level box order (type@offset) of an MP4 file.
top_level_boxes() {
  local file=$1 offset=0 total size type
  total=$(stat -c %s "$file")
  while ((offset + 8 <= total)); do
    size=$((16#$(od -An -tx1 -j "$offset" -N4 "$file" | tr -d ' \n')))
    type=$(dd if="$file" bs=1 skip=$((offset + 4)) count=4 status=none)
    if ((size == 1)); then
      size=$((16#$(od -An -tx1 -j $((offset + 8)) -N8 "$file" | tr -d ' \n')))
    elif ((size == 0)); then
      size=$((total - offset))
    fi
    printf '%s@%d ' "$type" "$offset"
    offset=$((offset + size))
  done
  echo
}

check_order() { # file, which of moov/mdat must come first
  local first
  first=$(top_level_boxes "$1" | grep -oE 'moov|mdat' | head -1)
  [[ $first == "$2" ]] || { echo "$1: expected $2 first, got: $(top_level_boxes "$1")" >&2; exit 1; }
}
check_order "$out/h264-aac.mp4" moov
check_order "$out/h264-aac-moov-end.mp4" mdat

for f in "$out"/*.mp4 "$out"/*.mov "$out"/*.webm "$out"/*.bin; do
  printf '%8d  %s\n' "$(stat -c %s "$f")" "$(basename "$f")"
done
echo "h264-aac-moov-end.mp4 boxes: $(top_level_boxes "$out/h264-aac-moov-end.mp4")"
