# SPDX-License-Identifier: GPL-2.0
#
# example.sh: sourced by the guest tests that run fio's own passthrough
# examples (/examples/uring-cmd-*.fio, from the fio tree the testbed was
# built with): the one place that says how an example is changed to run
# here, so that every test runs the same job.

# example_job EXAMPLE ENGINE DEVICE OUT: uring-cmd-EXAMPLE.fio with its
# device and engine replaced, written to OUT.  Besides: the zoned
# example's size=1G is cut to 8 MiB, two of the namespace's zones
# (zonemode=zbd does not stop at the device's end: 1G would rewrite it
# again and again through zone resets); the FDP example's time_based=1 is
# turned off, so that each job ends after its size (30% of the namespace)
# and both engines do the same I/O rather than as much as a second allows.
example_job() {
	sed -e "s|^filename=.*|filename=$3|" \
		-e "s|^ioengine=io_uring_cmd|ioengine=$2|" "/examples/uring-cmd-$1.fio" >"$4"
	case "$1" in
	zoned) sed -i "s|^size=1G|size=8M|" "$4" ;;
	fdp) sed -i "s|^time_based=1|time_based=0|" "$4" ;;
	esac
}

# example_nsid EXAMPLE: the namespace that serves it (scripts/vm-boot.sh)
example_nsid() {
	case "$1" in
	pi-ext) echo 2 ;;
	pi-sb) echo 3 ;;
	zoned*) echo 4 ;;
	fdp) echo 8 ;;
	*) echo 7 ;;
	esac
}
