// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/block/<disk>[/<partition>]/trace/: a trace for the blk tracer.
 *
 * "enable" 1 gives the device's queue a trace with no relay channel: it
 * never runs for blktrace, but while the blk tracer is current its
 * records go to that tracer's buffer. act_mask (category names or a
 * number), pid, start_lba and end_lba filter it; writing one of them
 * enables the trace first if need be. Without a trace each reads
 * "disabled".
 */
#include <linux/blkdev.h>
#include <linux/device.h>
#include <linux/kstrtox.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../../block/blk.h"
#include "blktrace_internal.h"

/* The category names, in the order act_mask lists them. */
static const char *const blk_category_names[] = {
	"read", "write", "flush", "sync", "queue", "requeue", "issue",
	"complete", "fs", "pc", "notify", "ahead", "meta", "discard",
	"drv_data", "fua",
};

/* "name,name,..." (any case, empty items allowed) to a mask. */
static int blk_names_to_mask(const char *str)
{
	char *copy, *rest, *item;
	int mask = 0, i;

	copy = kstrdup(str, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	rest = strstrip(copy);
	while ((item = strsep(&rest, ",")) != NULL) {
		if (!*item)
			continue;
		for (i = 0; i < ARRAY_SIZE(blk_category_names); i++)
			if (!strcasecmp(item, blk_category_names[i]))
				break;
		if (i == ARRAY_SIZE(blk_category_names)) {
			mask = -EINVAL;
			break;
		}
		mask |= BIT(i);
	}
	kfree(copy);
	return mask;
}

static ssize_t blk_mask_to_names(char *buf, u16 mask)
{
	ssize_t len = 0;
	int i;

	for (i = 0; i < ARRAY_SIZE(blk_category_names); i++)
		if (mask & BIT(i))
			len += sysfs_emit_at(buf, len, "%s%s", len ? "," : "",
					     blk_category_names[i]);
	return len + sysfs_emit_at(buf, len, "\n");
}

/* A trace for the blk tracer alone: every category, the whole device. */
static int blk_sysfs_trace_create(struct request_queue *q,
				  struct block_device *bdev)
{
	struct blk_trace *bt = blk_trace_alloc(false);

	if (!bt)
		return -ENOMEM;
	bt->dev = bdev->bd_dev;
	blk_trace_set_bounds(bt, bdev);
	blk_probes_get();
	rcu_assign_pointer(q->blk_trace, bt);
	return 0;
}

enum blk_attr { BLK_ATTR_ENABLE, BLK_ATTR_MASK, BLK_ATTR_PID,
		BLK_ATTR_START, BLK_ATTR_END };

struct blk_trace_attr {
	struct device_attribute	dattr;
	enum blk_attr		which;
};

static enum blk_attr attr_which(struct device_attribute *attr)
{
	return container_of(attr, struct blk_trace_attr, dattr)->which;
}

static ssize_t blk_attr_show(struct device *dev, struct device_attribute *attr,
			     char *buf)
{
	struct request_queue *q = bdev_get_queue(dev_to_bdev(dev));
	enum blk_attr which = attr_which(attr);
	struct blk_trace *bt;
	ssize_t ret;

	mutex_lock(&q->debugfs_mutex);
	bt = rcu_dereference_protected(q->blk_trace,
				       lockdep_is_held(&q->debugfs_mutex));
	if (which == BLK_ATTR_ENABLE)
		ret = sysfs_emit(buf, "%u\n", !!bt);
	else if (!bt)
		ret = sysfs_emit(buf, "disabled\n");
	else if (which == BLK_ATTR_MASK)
		ret = blk_mask_to_names(buf, bt->act_mask);
	else if (which == BLK_ATTR_PID)
		ret = sysfs_emit(buf, "%u\n", bt->pid);
	else if (which == BLK_ATTR_START)
		ret = sysfs_emit(buf, "%llu\n", bt->start_lba);
	else
		ret = sysfs_emit(buf, "%llu\n", bt->end_lba);
	mutex_unlock(&q->debugfs_mutex);
	return ret;
}

static ssize_t blk_attr_store(struct device *dev,
			      struct device_attribute *attr,
			      const char *buf, size_t count)
{
	struct block_device *bdev = dev_to_bdev(dev);
	struct request_queue *q = bdev_get_queue(bdev);
	enum blk_attr which = attr_which(attr);
	struct blk_trace *bt;
	u64 value;
	int ret;

	if (!count)
		return -EINVAL;
	if (kstrtoull(buf, 0, &value)) {
		if (which != BLK_ATTR_MASK)
			return -EINVAL;
		ret = blk_names_to_mask(buf);
		if (ret < 0)
			return ret;
		value = ret;
	}

	mutex_lock(&q->debugfs_mutex);
	bt = rcu_dereference_protected(q->blk_trace,
				       lockdep_is_held(&q->debugfs_mutex));
	ret = 0;
	if (which == BLK_ATTR_ENABLE) {
		if (value && !bt)
			ret = blk_sysfs_trace_create(q, bdev);
		else if (!value && bt)
			ret = blk_trace_detach(q);
		goto out;
	}
	if (!bt) {
		ret = blk_sysfs_trace_create(q, bdev);
		if (ret)
			goto out;
		bt = rcu_dereference_protected(q->blk_trace,
					       lockdep_is_held(&q->debugfs_mutex));
	}
	/* plain stores: a probe may see the old or the new value */
	switch (which) {
	case BLK_ATTR_MASK:
		WRITE_ONCE(bt->act_mask, value);
		break;
	case BLK_ATTR_PID:
		WRITE_ONCE(bt->pid, value);
		break;
	case BLK_ATTR_START:
		WRITE_ONCE(bt->start_lba, value);
		break;
	default:
		WRITE_ONCE(bt->end_lba, value);
		break;
	}
out:
	mutex_unlock(&q->debugfs_mutex);
	return ret ?: count;
}

#define BLK_TRACE_ATTR(_name, _which)					\
	static struct blk_trace_attr blk_attr_##_name = {		\
		.dattr = __ATTR(_name, 0644, blk_attr_show,		\
				blk_attr_store),			\
		.which = _which,					\
	}

BLK_TRACE_ATTR(enable, BLK_ATTR_ENABLE);
BLK_TRACE_ATTR(act_mask, BLK_ATTR_MASK);
BLK_TRACE_ATTR(pid, BLK_ATTR_PID);
BLK_TRACE_ATTR(start_lba, BLK_ATTR_START);
BLK_TRACE_ATTR(end_lba, BLK_ATTR_END);

static struct attribute *blk_trace_attrs[] = {
	&blk_attr_enable.dattr.attr,
	&blk_attr_act_mask.dattr.attr,
	&blk_attr_pid.dattr.attr,
	&blk_attr_start_lba.dattr.attr,
	&blk_attr_end_lba.dattr.attr,
	NULL
};

/* Named in genhd.c and partitions/core.c, for disks and partitions. */
struct attribute_group blk_trace_attr_group = {
	.name	= "trace",
	.attrs	= blk_trace_attrs,
};
