#!/usr/bin/env bash
# One-time (maintainer) fetch of Noto Sans JP and Noto Sans static TTFs (glyf outlines, SIL OFL 1.1) from the npm
# registry package @expo-google-fonts/noto-sans-jp. The result is committed under assets/fonts/, so
# users and CI never run this.
set -euo pipefail
cd "$(dirname "$0")/.."
version=0.4.3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "@expo-google-fonts/noto-sans-jp@$version" >/dev/null \
  && tar xzf "expo-google-fonts-noto-sans-jp-$version.tgz")
mkdir -p assets/fonts
cp "$tmp/package/400Regular/NotoSansJP_400Regular.ttf" assets/fonts/NotoSansJP-Regular.ttf
cp "$tmp/package/700Bold/NotoSansJP_700Bold.ttf"       assets/fonts/NotoSansJP-Bold.ttf
cp "$tmp/package/LICENSE_FONT"                          assets/fonts/OFL.txt
# Noto Sans (Latin, Greek, Cyrillic), the fallback for what Noto Sans JP lacks, from Debian.
(cd "$tmp" && apt-get download fonts-noto-core=20201225-1 >/dev/null && dpkg-deb -x fonts-noto-core_*.deb noto)
cp "$tmp/noto/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf" assets/fonts/NotoSans-Regular.ttf
cp "$tmp/noto/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf"    assets/fonts/NotoSans-Bold.ttf
sha256sum assets/fonts/*.ttf
