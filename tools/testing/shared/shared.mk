# SPDX-License-Identifier: GPL-2.0
#
# Included by the Makefiles of the userspace harnesses of kernel/trace
# (tools/testing/ring_buffer, tools/testing/filter): where the shared shim
# is, and the sanitizer flags they all use.

SHARED_DIR	:= $(dir $(lastword $(MAKEFILE_LIST)))
SHARED_INC	:= -I$(SHARED_DIR)
SHARED_SRCS	:= $(SHARED_DIR)kernel_shim.c
SHARED_HDRS	:= $(SHARED_DIR)kernel_shim.h

SAN_ASAN	:= -O1 -fsanitize=address,undefined -fno-omit-frame-pointer \
		   -fno-sanitize-recover=all
SAN_TSAN	:= -O1 -fsanitize=thread
