#import "ListViewController.h"

@implementation ListViewController

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    UIViewController *inbox = [self.storyboard instantiateViewControllerWithIdentifier:@"inbox"];
    [self.navigationController pushViewController:inbox animated:YES];
}

@end

@implementation ColumnsViewController

- (id)initWithMaster:(UIViewController *)master {
    self = [super initWithNibName:nil bundle:nil];
    [self addChildViewController:master];
    return self;
}

@end
