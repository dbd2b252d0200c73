#import "LegalViewController.h"

@implementation LegalViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    [self selectFirstTab];
}

- (void)selectFirstTab {
    self.tabBarController.selectedIndex = 1;
}

@end
