# SPDX-License-Identifier: GPL-2.0
#
# browser.sh: sourced by the tests that open a report in headless Chromium,
# after common.sh.  Skips the test when Chromium is missing.

command -v chromium >/dev/null || skip "chromium not installed (Debian package chromium)"

# chrome ARGS...: headless Chromium as root, a fresh profile each time
chrome() {
	prof=$(mktemp -d "$T_TMP/profile.XXXXXX")
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--disable-background-networking --disable-component-update \
		--no-first-run --disable-sync --user-data-dir="$prof" \
		--window-size=1280,6000 --hide-scrollbars "$@" 2>>"$T_TMP/chromium.log"
}

# image_sizes PAGE: the natural size (WxH) of every image of PAGE as the
# browser decoded it, space-separated; a copy of the page reports them
image_sizes() {
	sed 's|</body>|<script>addEventListener("load", function () { var s = []; for (var i = 0; i < document.images.length; i++) s.push(document.images[i].naturalWidth + "x" + document.images[i].naturalHeight); document.body.setAttribute("data-images", s.join(" ")); });</script></body>|' \
		"$1" >"${1%.html}.probe.html"
	chrome --virtual-time-budget=5000 --dump-dom "file://${1%.html}.probe.html" \
		>"$T_TMP/dom.html" || fail "chromium --dump-dom failed"
	sed -n 's/.*data-images="\([^"]*\)".*/\1/p' "$T_TMP/dom.html"
}

# page_renders PAGE N: PAGE renders in Chromium (a screenshot, kept in
# $T_TMP/shot.png, that is not one flat colour; needs ImageMagick's
# identify) and its N images all decode there
page_renders() {
	chrome --screenshot="$T_TMP/shot.png" "file://$1" >/dev/null ||
		fail "chromium could not render $1 (see $T_TMP/chromium.log)"
	sd=$(identify -format '%[fx:standard_deviation]' "$T_TMP/shot.png")
	echo "screenshot standard deviation: $sd"
	awk -v s="$sd" 'BEGIN { exit !(s > 0.05) }' || fail "screenshot is blank (sd $sd)"
	sizes=$(image_sizes "$1")
	echo "image sizes in the browser: $sizes"
	[ "$(echo "$sizes" | wc -w)" -eq "$2" ] ||
		fail "the browser saw $(echo "$sizes" | wc -w) of $2 images"
	for s in $sizes; do
		case $s in
		0x*|*x0) fail "an embedded plot did not decode ($s)" ;;
		esac
	done
}
