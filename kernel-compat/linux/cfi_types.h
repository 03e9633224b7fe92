#include <linux/linkage.h>
