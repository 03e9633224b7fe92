#include <linux/jump_label.h>
