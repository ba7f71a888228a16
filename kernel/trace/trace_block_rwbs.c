// SPDX-License-Identifier: GPL-2.0
/*
 * blk_fill_rwbs(): the few letters the block events print for a request's
 * operation and flags (the rwbs field of include/trace/events/block.h,
 * also used by bcache and bcachefs), e.g. "WS" for a synchronous write,
 * "FWF" for a write with a preflush and FUA, "RA" for a readahead read.
 * The letters are an ABI: blkparse and the scripts that read block
 * events match on them. Every kernel with a block layer and events needs
 * this, blktrace or not.
 */
#include <linux/blk_types.h>
#include <linux/blktrace_api.h>
#include <linux/export.h>

/* The operation: one or two letters, 'N' for any without one. */
static const char *rwbs_op(blk_opf_t opf)
{
	switch (opf & REQ_OP_MASK) {
	case REQ_OP_READ:
		return "R";
	case REQ_OP_WRITE:
		return "W";
	case REQ_OP_FLUSH:
		return "F";
	case REQ_OP_DISCARD:
		return "D";
	case REQ_OP_SECURE_ERASE:
		return "DE";
	default:
		return "N";
	}
}

/* The flags written after the operation, in this order. */
static const struct {
	blk_opf_t	flag;
	char		letter;
} rwbs_flags[] = {
	{ REQ_FUA,	'F' },
	{ REQ_RAHEAD,	'A' },
	{ REQ_SYNC,	'S' },
	{ REQ_META,	'M' },
};

/**
 * blk_fill_rwbs - the rwbs text of an operation and its flags
 * @rwbs: at least RWBS_LEN (8) bytes: 'F' for a preflush, the operation,
 *	  the four flags above and the NUL make at most 8
 * @opf: the request's or bio's operation and flags
 */
void blk_fill_rwbs(char *rwbs, blk_opf_t opf)
{
	const char *op = rwbs_op(opf);
	int i, n = 0;

	if (opf & REQ_PREFLUSH)
		rwbs[n++] = 'F';
	while (*op)
		rwbs[n++] = *op++;
	for (i = 0; i < ARRAY_SIZE(rwbs_flags); i++)
		if (opf & rwbs_flags[i].flag)
			rwbs[n++] = rwbs_flags[i].letter;
	rwbs[n] = '\0';
}
EXPORT_SYMBOL_GPL(blk_fill_rwbs);
