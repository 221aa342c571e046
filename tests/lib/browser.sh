# SPDX-License-Identifier: GPL-2.0
#
# browser.sh: sourced by the tests that open what the report wrote in
# headless Chromium, after common.sh.  chrome ARGS... runs it as root with
# a fresh profile each time, its messages in $T_TMP/chromium.log, in a
# window of $CHROME_WINDOW (width,height; 1280,6000: a whole report).

chrome() {
	prof=$(mktemp -d "$T_TMP/profile.XXXXXX")
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--disable-background-networking --disable-component-update \
		--no-first-run --disable-sync --user-data-dir="$prof" \
		--window-size="${CHROME_WINDOW:-1280,6000}" --hide-scrollbars "$@" \
		2>>"$T_TMP/chromium.log"
}

# shot URL PNG WHAT: a screenshot of URL into PNG that is not one flat
# colour (standard deviation over 0.05), else fails naming WHAT
shot() {
	chrome --screenshot="$2" "$1" >/dev/null ||
		fail "chromium could not render $3 (see its log above)"
	sd=$(identify -format '%[fx:standard_deviation]' "$2")
	echo "$3: screenshot standard deviation $sd"
	awk -v s="$sd" 'BEGIN { exit !(s > 0.05) }' || fail "$3 renders blank (sd $sd)"
}

# image_sizes HTML: the natural size (WxH) of each image of the page as the
# browser decoded it, from a copy of the page that reports them
image_sizes() {
	sed 's|</body>|<script>addEventListener("load", function () { var s = []; for (var i = 0; i < document.images.length; i++) s.push(document.images[i].naturalWidth + "x" + document.images[i].naturalHeight); document.body.setAttribute("data-images", s.join(" ")); });</script></body>|' \
		"$1" >"$1.probe.html"
	chrome --virtual-time-budget=5000 --dump-dom "file://$1.probe.html" >"$T_TMP/dom.html" ||
		fail "chromium --dump-dom failed"
	sed -n 's/.*data-images="\([^"]*\)".*/\1/p' "$T_TMP/dom.html"
}

# images_decode HTML: every image of the page decodes in the browser (as
# many sizes as <img> tags, none of them 0), else fails
images_decode() {
	n=$(grep -o '<img ' "$1" | wc -l)
	sizes=$(image_sizes "$1")
	echo "image sizes in the browser: $sizes"
	[ "$(echo "$sizes" | wc -w)" -eq "$n" ] || fail "browser saw $(echo "$sizes" | wc -w) of $n images"
	for s in $sizes; do
		case $s in
		0x*|*x0) fail "an image of $1 did not decode ($s)" ;;
		esac
	done
}
