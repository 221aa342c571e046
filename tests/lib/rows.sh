# SPDX-License-Identifier: GPL-2.0
#
# rows.sh: sourced by the tests that hold the report to made-up rows, after
# common.sh.  rows_header [COLUMN...] prints the results.csv header those
# rows fill (the columns the report reads, in one order), with COLUMNs
# added at the end; the tests' awk prints rows in that order.

rows_header() {
	h="run,cell,repeat,status,error,target,device_model,kernel"
	h="$h,fio_version,engine,engine_version,job,sqpoll,iodepth"
	h="$h,iostats_req,iostats_eff,iopolicy_req,iopolicy_eff,ioprio"
	h="$h,scheduler,runtime_s,iops,read_iops,write_iops,read_bw_kib"
	h="$h,write_bw_kib,read_clat_mean_us,read_clat_p50_us"
	h="$h,read_clat_p99_us,read_clat_p999_us,write_clat_mean_us"
	h="$h,write_clat_p50_us,write_clat_p99_us,write_clat_p999_us"
	h="$h,lat_mean_us,slat_mean_us,fio_busy_pct,ks_iops,ks_r_await_ms"
	h="$h,ks_w_await_ms,ks_aqu_sz,ks_util_pct,ks_flags,path_stats"
	h="$h,fio_flags,cpu_per_io_us,fio_ios"
	for c in "$@"; do
		h="$h,$c"
	done
	echo "$h"
}
